// Amounts of money as printed in the three countries: £1,250.00, 1.250,00 €, 1 250 €, EUR 300, 100 Mio. EUR.
import type { Money } from './types.js';

const NUMBER = String.raw`\d{1,3}(?:[.,' \u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const WORD_SCALE = String.raw`mio\.?|millionen|millions?|mrd\.?|milliarden?`;
// "m" alone scales only after a currency symbol ("£5m"), never a bare number before a unit.
const BEFORE = String.raw`(£|€|\$|\b(?:eur|gbp|chf|usd)\b)\s?(${NUMBER})(?![\d-])(?:\s?(${WORD_SCALE}|m)(?![a-z]))?`;
const AFTER = String.raw`(?<![\d.,-])(${NUMBER})(?:\s?(${WORD_SCALE})(?![a-z]))?\s?(£|€|(?:eur|euros?|gbp|chf|usd)\b)`;
const MONEY = new RegExp(`${BEFORE}|${AFTER}`, 'gi');

const CURRENCY: Record<string, string> = {
  '£': 'GBP',
  '€': 'EUR',
  $: 'USD',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  gbp: 'GBP',
  chf: 'CHF',
  usd: 'USD',
};

const SCALES: Record<string, number> = {
  mio: 1e6,
  millionen: 1e6,
  million: 1e6,
  millions: 1e6,
  m: 1e6,
  mrd: 1e9,
  milliarde: 1e9,
  milliarden: 1e9,
};

/** Reads a printed number whichever the decimal separator: the last "." or "," followed by one or two digits. */
export function parseNumber(printed: string): number | null {
  const compact = printed.replace(/[ '\u00a0\u202f]/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole)) return null;
  const value = Number(whole) + (decimal ? Number(`0.${decimal[1]}`) : 0);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}

export interface FoundMoney {
  money: Money;
  index: number;
  end: number;
}

/** Every amount with a currency in a text (as printed, not folded), in order. */
export function findMoney(text: string): FoundMoney[] {
  const out: FoundMoney[] = [];
  for (const m of text.matchAll(MONEY)) {
    const [symbol, printed, scale] = m[1] !== undefined ? [m[1], m[2]!, m[3]] : [m[6]!, m[4]!, m[5]];
    const currency = CURRENCY[symbol.toLowerCase()];
    const amount = parseNumber(printed);
    if (!currency || amount === null) continue;
    const factor = scale ? (SCALES[scale.toLowerCase().replace(/\.$/, '')] ?? 1) : 1;
    out.push({
      money: { amount: Math.round(amount * factor * 100) / 100, currency },
      index: m.index,
      end: m.index + m[0].length,
    });
  }
  return out;
}

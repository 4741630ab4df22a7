// What the catalogue (catalogue-page.tsx) and a dataset's page (dataset-page.tsx) both show: a category's and a
// publisher's names, counts, and the freshness badge.
import type { Freshness } from '../../../domain/datasets/freshness.js';

const LABELS: Record<string, string> = { fx: 'FX' };
export const label = (code: string) => LABELS[code] ?? code.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
const SOURCE_NAMES: Record<string, string> = {
  ons: 'ONS',
  boe: 'Bank of England',
  nationwide: 'Nationwide',
  bis: 'BIS',
  'world-bank': 'World Bank',
  fred: 'FRED',
  eia: 'EIA',
  emmi: 'EMMI',
  destatis: 'Destatis',
};
export const sourceName = (code: string) => SOURCE_NAMES[code] ?? code;
export const COUNT = new Intl.NumberFormat('en-GB');

export function StatusBadge({ status }: { status: Freshness['status'] }) {
  const tone = status === 'fresh' ? 'success' : status === 'due' ? 'neutral' : 'warning';
  return <span class={`badge badge-${tone}`}>{status}</span>;
}

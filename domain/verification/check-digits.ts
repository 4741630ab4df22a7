// Check digits of the two national numbers a health policy can carry.

/**
 * The check digit of a German Krankenversichertennummer (the unchangeable ten-character part): the letter
 * becomes its two-digit alphabet position (A = 01 … Z = 26), the ten digits so formed are weighted 1, 2, 1, 2, …
 * from the left, the digits of each product are summed, and the check digit is the last digit of the total.
 * `body` is the letter and the eight digits before the check digit.
 */
export function kvnrCheckDigit(body: string): number {
  if (!/^[A-Z][0-9]{8}$/.test(body)) throw new RangeError('a KVNR body is one letter and eight digits');
  const digits = String(body.charCodeAt(0) - 64).padStart(2, '0') + body.slice(1);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product; // digit sum of a product below 19
  }
  return sum % 10;
}

export function isValidKvnr(number: string): boolean {
  if (!/^[A-Z][0-9]{9}$/.test(number)) return false;
  return kvnrCheckDigit(number.slice(0, 9)) === Number(number[9]);
}

/**
 * The key of a French NIR (numéro de sécurité sociale): 97 minus the first thirteen characters, read as a number,
 * modulo 97. Corsican départements are read as numbers for the computation: 2A as 19 and 2B as 18.
 */
export function nirKey(first13: string): number {
  if (!/^[0-9]{5}(?:[0-9]{2}|2A|2B)[0-9]{6}$/.test(first13)) {
    throw new RangeError('a NIR without its key is 13 characters, digits except a Corsican 2A or 2B');
  }
  const numeric = first13.replace(/^(.{5})2A/, '$119').replace(/^(.{5})2B/, '$118');
  return 97 - (Number(numeric) % 97); // below 10^13, exact in a double
}

/** Sex (1, 2; 3, 4, 7, 8 for provisional numbers), birth month (01-12, or the codes used when it is unknown), key. */
export function isValidNir(number: string): boolean {
  const match = /^([1-478])([0-9]{2})([0-9]{2})([0-9]{2}|2A|2B)([0-9]{6})([0-9]{2})$/.exec(number);
  if (!match) return false;
  const month = Number(match[3]);
  const monthOk = (month >= 1 && month <= 12) || month === 20 || (month >= 30 && month <= 42) || month >= 50;
  if (!monthOk || match[4] === '00') return false;
  return nirKey(number.slice(0, 13)) === Number(match[6]);
}

export const CHECKS = {
  kvnr: { isValid: isValidKvnr, label: 'German health insurance number (KVNR)' },
  nir: { isValid: isValidNir, label: 'French social security number (NIR)' },
} as const;

export type CheckScheme = keyof typeof CHECKS;

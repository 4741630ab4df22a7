// The regulator register (EIOPA, for UK, DE, FR) as rows of the CSV in data/registers, read into entries.
import { displayName } from './display-name.js';
import { isCountry, type RegisterEntry } from './types.js';

/** One CSV row, by column name. */
export type RegisterRow = Record<string, string | undefined>;

export class RegisterFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegisterFormatError';
  }
}

/** "31/12/2020 01:00:00" (day first, as the register exports it) -> "2020-12-31"; empty -> null. */
export function registerDate(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(text);
  if (!match) throw new RegisterFormatError(`unreadable register date "${text}"`);
  return `${match[3]}-${match[2]}-${match[1]}`;
}

export interface RegisterReadOptions {
  /** Today, YYYY-MM-DD: an undertaking whose registration ended before it is no longer authorised. */
  today: string;
  /** Display names that the casing rules cannot produce, by "COUNTRY:reference". */
  displayNames?: Record<string, string>;
}

export function readRegister(rows: readonly RegisterRow[], options: RegisterReadOptions): RegisterEntry[] {
  return rows.map((row, index) => {
    const country = row.country?.trim();
    const reference = row.identification_code?.trim();
    const registeredName = row.name?.replace(/\s+/g, ' ').trim();
    if (!isCountry(country) || !reference || !registeredName) {
      throw new RegisterFormatError(`register row ${index + 2} lacks a supported country, a code or a name`);
    }
    const registrationEnd = registerDate(row.registration_end);
    return {
      country,
      reference,
      lei: row.lei?.trim() ?? '',
      registeredName,
      name: options.displayNames?.[`${country}:${reference}`] ?? displayName(registeredName),
      regulator: row.nca?.trim() ?? '',
      registrationStart: registerDate(row.registration_start),
      registrationEnd,
      authorised: registrationEnd === null || registrationEnd >= options.today,
    };
  });
}

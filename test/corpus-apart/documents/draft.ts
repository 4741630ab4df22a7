// A document of the written-apart corpus before rendering: its blocks, its look, and what extraction should read.
import type { Day } from '../formats.js';
import type { Block, Look } from '../render.js';

export type Country = 'UK' | 'DE' | 'FR';
export type InsuranceType = 'motor' | 'travel' | 'health';

export interface Draft {
  id: string;
  country: Country;
  type: InsuranceType;
  language: 'en' | 'de' | 'fr';
  look: Look;
  blocks: Block[];
  truth: {
    policy_number: string | null;
    /** The legal entity that carries the risk, as its own papers name it; the register's name is looked up. */
    underwriter: string;
    start_date: Day | null;
    end_date: Day | null;
    vehicle_registration: string | null;
  };
}

// The words every room shares, declared once: a key's mode, a job's kind, a callback delivery's status. The
// rooms import them from here rather than spelling the unions again.

/** A live key spends credits and reaches the registers; a test key answers from the sandbox, free. */
export const KEY_MODES = ['live', 'test'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

/** What a job does: verify a policy, or read an insurance document first. */
export const JOB_KINDS = ['verification', 'extraction'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** Where a callback delivery stands: waiting or retrying, received by the subscriber, or given up. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

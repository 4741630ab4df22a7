/**
 * Under CI (`CI=1`, set by .ci/run), a test whose prerequisite is missing fails instead of skipping: CI installs
 * everything the tests need, so a missing piece is a broken run, not a reason to pass. On a developer's machine
 * such a test is skipped, saying why.
 */
export const inCi = process.env.CI === '1' || process.env.CI === 'true';

/** Whether a suite needing `available` runs: always in CI (where its absence then fails it), else when available. */
export const runsWhere = (available: unknown): boolean => Boolean(available) || inCi;

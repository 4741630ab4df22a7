// Dates and counts as the pages print them. Everything is UTC: the service has one clock and the quotas reset
// on UTC boundaries, so local times would only make the numbers disagree.

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
const numberFormat = new Intl.NumberFormat('en-GB');

/** "24 Nov 2026" */
export const formatDate = (date: Date): string => dayFormat.format(date);

/** "24 Nov" */
export const formatShortDate = (date: Date): string => shortDayFormat.format(date);

/** "14:05 UTC" */
export const formatTime = (date: Date): string => `${timeFormat.format(date)} UTC`;

/** "24 Nov 2026, 14:05 UTC" */
export const formatDateTime = (date: Date): string => `${formatDate(date)}, ${formatTime(date)}`;

/** A calendar day as the usage read model stores it ("2026-11-24"), read as midnight UTC. */
export const parseDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** "2,000" */
export const formatNumber = (n: number): string => numberFormat.format(n);

/** "1 call", "12 calls", "2,000 requests" */
export const count = (n: number, singular: string, plural = `${singular}s`): string =>
  `${formatNumber(n)} ${n === 1 ? singular : plural}`;

/** "37 minutes", "45 seconds", "2 hours and 5 minutes": rounded up, so waiting that long is always enough. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return count(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return count(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? count(hours, 'hour') : `${count(hours, 'hour')} and ${count(rest, 'minute')}`;
}

import { streamType, type Event } from '../streams.js';

// Requests counted per key (stream `usage-{accountId}`): each API process appends what it counted every few
// seconds (application/usage.ts), so usage is event-sourced without an event per request. No commands: only counts.

export interface RequestsCounted {
  key_id: string;
  period: string;
  /** YYYY-MM-DD (UTC); counts from before days were counted take their event's date. */
  day?: string;
  count: number;
}

export type UsageEvent = Event<'RequestsCounted', RequestsCounted>;

export const usageStream = streamType<UsageEvent>('usage-', ['RequestsCounted']);

/** Dates as the book stores them: DateTimeOffset columns as ISO strings. */
import { DAY_MS } from '../../../core/clock.ts';

/** A date-only value: midnight Z of the instant's UTC day (spec 001 write rule 3). */
export function midnightZ(d: Date): string {
  return `${d.toISOString().slice(0, 10)}T00:00:00Z`;
}

/** Midnight Z `days` days before `now`. */
export function daysAgo(now: Date, days: number): string {
  return midnightZ(new Date(now.getTime() - days * DAY_MS));
}

/** A change instant (`_changedAt`), `days` days and `minutes` minutes before `now`. */
export function instantAgo(now: Date, days: number, minutes = 0): string {
  return new Date(now.getTime() - days * DAY_MS - minutes * 60_000).toISOString();
}

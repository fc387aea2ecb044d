import type { Environment, HostClock } from './types.ts';

export const systemClock: HostClock = () => Date.now();

export const DAY_MS = 86_400_000;

/** The environment clock: host time moved by the environment's offset (its test clock). */
export function envNow(host: HostClock, env: Pick<Environment, 'clockOffsetMs'>): Date {
  return new Date(host() + env.clockOffsetMs);
}

/** `yyyy-MM-dd` of a UTC instant. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `yyyy-MM-dd`), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function addDays(date: string, days: number): string {
  return isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}

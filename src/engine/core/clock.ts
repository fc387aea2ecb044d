import type { Environment, HostClock } from './types.ts';

export const systemClock: HostClock = () => Date.now();

export const DAY_MS = 86_400_000;

/** The environment clock: its frozen instant, else host time moved by the environment's offset (its test clock). */
export function envNow(host: HostClock, env: Pick<Environment, 'clockOffsetMs' | 'clockFrozenMs'>): Date {
  return new Date(env.clockFrozenMs ?? host() + env.clockOffsetMs);
}

/** The clock fields of an environment whose "now" becomes `atMs` (frozen there, or running from it). */
export function clockAt(host: HostClock, atMs: number, frozen: boolean): Pick<Environment, 'clockOffsetMs' | 'clockFrozenMs'> {
  return { clockOffsetMs: atMs - host(), clockFrozenMs: frozen ? atMs : undefined };
}

/** Where a clean-slate reset puts the clock back: the fixed start given at creation, else host time. */
export function clockAtStart(host: HostClock, env: Pick<Environment, 'clockStart'>): Pick<Environment, 'clockOffsetMs' | 'clockFrozenMs'> {
  return env.clockStart ? clockAt(host, env.clockStart.atMs, env.clockStart.frozen) : { clockOffsetMs: 0, clockFrozenMs: undefined };
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

const UNIT_MS = { days: DAY_MS, hours: 3_600_000, minutes: 60_000 } as const;
type Unit = keyof typeof UNIT_MS;

/**
 * A move of the clock as `{days, hours, minutes}` (any of them, negative to go back), in
 * milliseconds; refused in the caller's words (`what` names the argument): an empty object, an
 * unknown unit such as `weeks`, or a total that is not a whole number of minutes.
 */
export function parseAdvance(by: unknown, what: string): { ok: true; ms: number } | { ok: false; error: string } {
  if (typeof by !== 'object' || by === null || Array.isArray(by)) return { ok: false, error: `${what} must be an object of days, hours and/or minutes, e.g. {"days": 30}.` };
  const entries = Object.entries(by as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return { ok: false, error: `${what} is empty: give days, hours and/or minutes, e.g. {"days": 30}.` };
  let ms = 0;
  for (const [unit, value] of entries) {
    if (!(unit in UNIT_MS)) return { ok: false, error: `${what}: "${unit}" is not a unit the clock moves by; use days, hours or minutes (e.g. 7 days for a week).` };
    if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, error: `${what}: "${unit}" must be a number.` };
    ms += value * UNIT_MS[unit as Unit];
  }
  // Whole minutes, within a float's rounding (1.5 days is 2160 minutes; 0.0001 days is not whole).
  const minutes = ms / 60_000;
  if (Math.abs(minutes - Math.round(minutes)) > 1e-6) return { ok: false, error: `${what} comes to ${+minutes.toFixed(4)} minutes: the clock moves by whole minutes.` };
  ms = Math.round(minutes) * 60_000;
  if (Math.abs(ms) > 36_500 * DAY_MS) return { ok: false, error: `${what} is more than 100 years.` };
  return { ok: true, ms };
}

/** An ISO-8601 date (`2026-05-01`, midnight UTC) or date-time (UTC unless it has an offset), in ms; null if it is neither. */
export function parseInstant(now: unknown): number | null {
  if (typeof now !== 'string' || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(now) || Number.isNaN(Date.parse(now))) return null;
  return Date.parse(/T/.test(now) && !/(Z|[+-]\d{2}:?\d{2})$/.test(now) ? `${now}Z` : now);
}

/** An environment clock stays between 1970 and 9999. */
export const instantInRange = (ms: number): boolean => ms >= Date.UTC(1970, 0, 1) && ms <= Date.UTC(9999, 11, 31);

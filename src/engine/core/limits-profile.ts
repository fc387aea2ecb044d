/**
 * The real-limits profile of an environment: `spec` (the default: the specs' own limits, no
 * throttling, no row cap) or `real-product` (the emulated OData product's documented limits, beyond
 * spec 001: 100 calls a minute per user, 10 running and 5 waiting per user, MAXAPILINES 2000 rows on
 * a collection read without $top). Stored with the environment as one record of a simulator kind, so
 * snapshots and the Node host's state file keep it.
 */
import type { DataView } from './types.ts';

export const LIMITS_KIND = 'sim.limits';
export const LIMITS_ID = 'profile';
export const LIMITS_PROFILES = ['spec', 'real-product'] as const;
export type LimitsProfile = (typeof LIMITS_PROFILES)[number];

/** The emulated product's documented figures (Priority REST API: request limits; MAXAPILINES). */
export const REAL_LIMITS = { callsPerMinute: 100, running: 10, waiting: 5, maxApiLines: 2000 } as const;

export function limitsProfile(data: DataView): LimitsProfile {
  return data.get(LIMITS_KIND, LIMITS_ID)?.['profile'] === 'real-product' ? 'real-product' : 'spec';
}

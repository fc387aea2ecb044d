/**
 * The drill's steps as behaviour (issue 23 § Contract): how long each waits for the client once
 * injected, and the catalog entry of the answer it gives, per product. Their words (what a step fits,
 * expects, the rule) are documentation in texts.ts.
 */
import type { ProductId } from '../core/types.ts';
import { injectedCode } from '../faults/answers.ts';
import { SLOW_MS, type StepKind } from './types.ts';

export interface StepDef {
  /** After the injection, the step is judged at the latest this long later (host clock). */
  windowMs: number;
  /** The catalog code of the answer the client gets, per product. */
  catalog: Record<ProductId, string | null>;
}

const both = (code: string | null): Record<ProductId, string | null> => ({ receivables: code, odata: code });

export const STEP_DEFS: Record<StepKind, StepDef> = {
  'token-expired': { windowMs: 30_000, catalog: { receivables: 'REST-01401', odata: 'OD-401' } },
  'rate-limited': { windowMs: 60_000, catalog: both(injectedCode(429)) },
  unavailable: { windowMs: 60_000, catalog: both(injectedCode(503)) },
  'server-error-after-write': { windowMs: 60_000, catalog: both(injectedCode(500)) },
  // The catalog's name for a dropped connection (faults/catalog.ts DROPPED_CODE, kept out of the worker's imports).
  'connection-dropped-before-write': { windowMs: 60_000, catalog: both('SIM-FAULT-DROP') },
  'slow-answer': { windowMs: SLOW_MS + 60_000, catalog: both(null) },
  // The real-limits profile's own 429 (products/odata/limits-catalog.ts THROTTLED_CODE, kept out of the worker's imports).
  throttled: { windowMs: 60_000, catalog: { receivables: null, odata: 'OD-429-THROTTLED' } },
};

/** Where the playground's error catalog shows an entry (the app answers this hash route). */
export function catalogHref(appRoot: string, code: string): string {
  return `${appRoot}#/errors?q=${encodeURIComponent(code)}`;
}

/** What the OData real-limits profile changes, in the words the console and the error catalog use. */
import { REAL_LIMITS } from '../../engine/for-app.ts';

const L = REAL_LIMITS;

/** "each user may make 100 calls a minute … at most 2,000 rows" (no capital, no full stop). */
export const REAL_LIMITS_TEXT = `each user may make ${L.callsPerMinute} calls a minute of the environment's clock (the next answers 429 with Retry-After), run ${L.running} requests at once with ${L.waiting} waiting, and a collection read without $top returns at most ${L.maxApiLines.toLocaleString('en')} rows`;

/** What switching back to the spec profile does. */
export const SPEC_LIMITS_TEXT = 'no throttling and no row cap, as the specification says';

/**
 * Catalog entry of the real-limits profile's throttling answer (the emulated product's documented
 * request limits, beyond spec 001; core/limits-profile.ts). Its reproduction is one read sent 101
 * times under that profile: the console asks before switching the profile on, repeats the read and
 * stops at the 429.
 */
import { REAL_LIMITS } from '../../core/limits-profile.ts';
import type { ErrorEntry } from '../../core/types.ts';
import { ODATA_ROOT } from './config.ts';

export const THROTTLED_CODE = 'OD-429-THROTTLED';

export const limitsErrorEntries: ErrorEntry[] = [
  {
    code: THROTTLED_CODE,
    status: 429,
    title: 'Too many requests (real-limits profile)',
    meaning: 'Under the environment’s real-limits profile, a user made more than 100 calls within a minute of the environment clock, or sent a 16th request while 10 of theirs ran and 5 waited. The request was not carried out; Retry-After says how many seconds to wait. The emulated product’s convention beyond the spec. Reproduce switches the environment to the real-limits profile (it asks first) and sends one read 101 times; a drill with the optional throttled step (Drill view) gives the same answer on the next call.',
    spec: '001 § Limits, Concurrency; RFC 6585 § 4 (429) and RFC 9110 § 10.2.3 (Retry-After)',
    message: '^Too many requests',
    reproduce: {
      id: 'od-429-throttled',
      group: 'Real-product limits',
      title: `Read one customer ${REAL_LIMITS.callsPerMinute + 1} times within a minute`,
      method: 'GET',
      path: `${ODATA_ROOT}/CUSTOMERS?$top=1`,
      auth: 'basic',
      expectStatus: 429,
      repeat: REAL_LIMITS.callsPerMinute + 1,
      limitsProfile: 'real-product',
    },
    avoid: 'Wait the Retry-After seconds before the next call, keep at most 10 requests of one user in flight, and read big sets in pages with $top and $skip rather than many small calls.',
  },
];

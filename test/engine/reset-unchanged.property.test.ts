// Issue 43 § 1 (the clean-slate reset, median < 20 ms): a reset leaves alone every kind the seed would
// put back exactly as it is stored, and clears and writes only the others (storage/store.ts). Swept
// over every data kind of both products' seeded books and over the changes a test makes to a kind (a
// field changed, a row's keys reordered, a row deleted, a row moved last, a row added): after the
// reset every kind reads back as the book did before the change (rows, ids, key order, the order of
// rows and of kinds), the reset wrote only the changed kind, and so it stays after a restart, over
// IndexedDB and over the Node host's --state file (PostgreSQL: test/hosts/postgres-reset.test.ts).
import { describe, it } from 'vitest';
import { indexedDbHost, stateFileHost, sweep } from '../support/reset-sweep.ts';

describe('a reset leaves a kind the seed puts back unchanged alone (issue 43 § 1)', () => {
  for (const product of ['receivables', 'odata'] as const) {
    it(`every kind of the ${product} book, over IndexedDB`, () => sweep(indexedDbHost(), product), 240_000);
    it(`every kind of the ${product} book, over the --state file`, () => sweep(stateFileHost(), product), 240_000);
  }
});

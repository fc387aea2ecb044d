/** Unit-level fuzzing with arbitrary strings: parsers answer or throw their documented error, nothing else. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BareNotFound, ODataError } from '../../../src/engine/products/odata/errors/envelope.ts';
import { AINVOICES, CUSTOMERS } from '../../../src/engine/products/odata/forms/index.ts';
import { parseExpand } from '../../../src/engine/products/odata/query/expand.ts';
import { parseFilter } from '../../../src/engine/products/odata/query/filter.ts';
import { parseKeyPredicate } from '../../../src/engine/products/odata/query/keys.ts';
import { COLLECTION_OPTIONS, readOptions } from '../../../src/engine/products/odata/query/options.ts';
import { parseOrderby } from '../../../src/engine/products/odata/query/orderby.ts';
import { parseODataPath } from '../../../src/engine/products/odata/query/path.ts';
import { parseSelect } from '../../../src/engine/products/odata/query/select.ts';

const documented = (fn: () => unknown, statuses: number[]) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ODataError) {
      expect(statuses).toContain(err.status);
      return;
    }
    if (err instanceof BareNotFound) return;
    throw err;
  }
};

const anyText = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.string({ unit: fc.constantFrom(...`()',;=/ $%abcEQNULL0123456789-.:TZ`.split('')), maxLength: 30 }));

describe('parsers never fail outside their documented errors (spec 001 § Query options, Errors)', () => {
  it('$filter -> predicate, 400 or 501; the predicate never throws on rows', () => {
    fc.assert(
      fc.property(anyText, (t) => {
        documented(() => {
          const p = parseFilter(t, CUSTOMERS);
          p({ CUSTNAME: 'A', MAX_CREDIT: '1.5', CREATEDDATE: 'garbage', EMPNUM: 3 });
          p({});
        }, [400, 501]);
      }),
      { numRuns: 2000 },
    );
  });

  it('$orderby, $select, $expand -> value or 400/501', () => {
    fc.assert(
      fc.property(anyText, (t) => {
        documented(() => parseOrderby(t, CUSTOMERS), [400]);
        documented(() => parseSelect(t, CUSTOMERS), [400]);
        documented(() => parseExpand(t, CUSTOMERS), [400, 501]);
      }),
      { numRuns: 2000 },
    );
  });

  it('key predicates -> keys or null; paths -> target or not found; query strings -> options or bare 404', () => {
    fc.assert(
      fc.property(anyText, (t) => {
        parseKeyPredicate(CUSTOMERS, t);
        parseKeyPredicate(AINVOICES, t);
        parseODataPath(`/odata/Priority/tabula.ini/demo/${t}`);
        parseODataPath(`/odata/Priority/tabula.ini/demo/CUSTOMERS(${t})/${t}`);
        documented(() => readOptions(t, COLLECTION_OPTIONS), []);
      }),
      { numRuns: 2000 },
    );
  });
});

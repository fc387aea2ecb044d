// Property-based fuzzing of the REST query parameters (spec 000 § Common query parameters and
// envelope; issue 3 § 6: no input produces a 500). Parameters are built from the grammar's own
// pieces: mostly well-typed clauses on queryable attributes (so the deeper parameters get checked
// too), sometimes unknown or non-queryable names, mistyped literals, refused operators and noise.
// Every answer must be 200 with items, or 400 with a code from the product's error catalog.
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { receivablesCatalog } from '../../../src/engine/products/receivables/catalog.ts';
import { CRM, REST, receivablesEnv, type ReceivablesEnv } from './support.ts';

let r: ReceivablesEnv;
beforeAll(async () => {
  r = await receivablesEnv();
});

const CATALOG_CODES = new Set(receivablesCatalog().errors.map((e) => e.code));

/** A resource as the fuzzer sees it: typed clauses that should pass, and names for the other parameters. */
interface Target {
  path: string;
  clauses: string[];
  sortable: string[];
  children: string[];
  finders: string[];
}

const INVOICES: Target = {
  path: `${REST}/receivablesInvoices`,
  clauses: [
    "InvoiceStatus='Complete'", "InvoiceStatus!='Frozen'", "InvoiceStatus LIKE 'Comp%'", "InvoiceStatus IN ('Complete','Frozen')",
    "TransactionNumber LIKE 'INV-%'", 'InvoiceBalanceAmount>100', 'InvoiceBalanceAmount<=0', 'InvoiceBalanceAmount>=-1.5',
    "LastUpdateDate > '2026-01-01T00:00:00.000+0000'", 'CustomerTransactionId=300000000001351', "DeliveryMethod='Paper'", "Email LIKE '%example'",
  ],
  sortable: ['TransactionNumber', 'InvoiceBalanceAmount', 'CustomerTransactionId', 'LastUpdateDate', 'TransactionDate'],
  children: ['receivablesInvoiceLines', 'receivablesInvoiceInstallments'],
  finders: ['PrimaryKey;CustomerTransactionId=300000000001351', 'PrimaryKey'],
};

const CONTACTS: Target = {
  path: `${CRM}/contacts`,
  clauses: ["PartyStatus='A'", "LastName LIKE 'W%'", 'PartyId>0', "PartyNumber='300100'", "EmailAddress LIKE '%@%'", "ContactName!='x'"],
  sortable: ['PartyId', 'LastName', 'ContactName', 'PartyNumber'],
  children: ['ContactPoint'],
  finders: ['PrimaryKey;PartyId=1', 'ContactPartyNumberRF;PartyNumber=300100'],
};

const noiseName = fc.constantFrom('Nope', 'DueDate', 'WorkPhoneNumber', 'EnteredAmount', '');
const noise = fc.constantFrom(
  ',', '(', ')', "'", '%', '"', '\\', ' ', "X='it''s'", 'A BETWEEN 1 AND 2', 'A IS NULL', 'NOT A=1', '1=1', "InvoiceStatus>100",
  "LastUpdateDate > 'yesterday'", 'InvoiceBalanceAmount=1e999', "PartyId='x'", 'x=', '=x', ';;', ' OR ',
);

function qOf(t: Target): fc.Arbitrary<string> {
  const clause = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...t.clauses) }, { weight: 1, arbitrary: noise });
  return fc.tuple(fc.array(clause, { minLength: 1, maxLength: 3 }), fc.constantFrom(';', ' AND ', ' OR ', ';', ',')).map(([cs, sep]) => cs.join(sep));
}

function listOf(names: fc.Arbitrary<string>, suffixes: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.array(fc.tuple(names, suffixes).map(([a, s]) => `${a}${s}`), { maxLength: 3 }).map((xs) => xs.join(','));
}

const weighted = <T,>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: bad });

function paramsOf(t: Target) {
  const attr = weighted(fc.constantFrom(...t.sortable), noiseName);
  return fc.record(
    {
      q: qOf(t),
      orderBy: listOf(attr, weighted(fc.constantFrom(':asc', ':desc', ''), fc.constantFrom(':sideways', ':', '::asc'))),
      fields: listOf(attr, fc.constant('')),
      expand: fc.array(weighted(fc.constantFrom(...t.children, 'all'), fc.constantFrom('Nope', '', 'ALL')), { maxLength: 2 }).map((xs) => xs.join(',')),
      finder: weighted(fc.constantFrom(...t.finders), fc.constantFrom('MyContacts', 'MyInvoices', '', ';', 'PrimaryKey;Nope=1', 'PrimaryKey;=')),
      limit: weighted(fc.constantFrom('1', '25', '500', '501', '0', '-1'), fc.constantFrom('abc', '', '2.5', '1e9', '99999999999999999999')),
      offset: weighted(fc.constantFrom('0', '5', '-3', '100000'), fc.constantFrom('abc', '', '1.5')),
      totalResults: weighted(fc.constantFrom('true', 'false'), fc.constantFrom('TRUE', 'yes', '')),
      onlyData: weighted(fc.constantFrom('true', 'false'), fc.constantFrom('1', '')),
      links: fc.constantFrom('self', 'canonical,parent', 'child', 'nope', ''),
    },
    { requiredKeys: [] },
  );
}

async function check(t: Target, query: Record<string, string>, seen: Set<string>): Promise<void> {
  const url = `${t.path}?${new URLSearchParams(query).toString()}`;
  const { status, body } = await r.json(url);
  expect([200, 400], `${status} ${url}`).toContain(status);
  if (status === 400) {
    expect(CATALOG_CODES.has(body['o:errorCode']), `${body['o:errorCode']} ${url}`).toBe(true);
    seen.add(body['o:errorCode']);
  } else {
    expect(Array.isArray(body.items), url).toBe(true);
    seen.add('200');
  }
}

for (const [name, target, seed] of [['invoice', INVOICES, 20261122], ['contact', CONTACTS, 11]] as const) {
  it(`${name} collection: every combination of parameters answers 200 or a catalogued 400`, async () => {
    const seen = new Set<string>();
    await fc.assert(fc.asyncProperty(paramsOf(target), (p) => check(target, p, seen)), { numRuns: 400, seed });
    // The runs reached both sides: answers, and refusals of several parameters.
    expect(seen.has('200')).toBe(true);
    expect(seen.size).toBeGreaterThanOrEqual(5);
    expect(r.sim.engine.stats.unhandledErrors).toBe(0);
  });
}

// Property-based fuzzing of the new query surfaces (issue 10 § Bad input: "a fuzz test over the new
// query surfaces finds no 500"): credit memos and their lines, adjustments, receipt methods, the
// sites LOV, both activity resources and the activity children. Parameters are built from each
// surface's grammar: mostly well-typed clauses on queryable attributes, sometimes unknown or
// non-queryable names, derived attributes as sort keys, mistyped literals, refused operators and
// noise. Every answer must be 200 with items, or 400 with a code from the product's error catalog
// (spec 000 § Common query parameters; § Errors, Other behaviours).
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { KIND, type CreditMemoRow, type CustomerAccountRow, type SiteUseRow } from '../../../src/engine/products/receivables/book/records.ts';
import { receivablesCatalog } from '../../../src/engine/products/receivables/catalog.ts';
import { REST, receivablesEnv, type ReceivablesEnv } from '../framework/support.ts';

let r: ReceivablesEnv;
let targets: Target[] = [];
const CATALOG_CODES = new Set(receivablesCatalog().errors.map((e) => e.code));

interface Target {
  name: string;
  path: string;
  clauses: string[];
  sortable: string[];
  children: string[];
  finders: string[];
}

beforeAll(async () => {
  r = await receivablesEnv();
  const data = await r.sim.engine.store.data(r.key);
  const acme = data.list<CustomerAccountRow>(KIND.customerAccount).find((a) => a.AccountNumber === '10010') as CustomerAccountRow;
  const site = data.list<SiteUseRow>(KIND.siteUse).find((u) => u.customerAccountId === acme.CustomerAccountId && u.SiteUseCode === 'BILL_TO') as SiteUseRow;
  const memo = data.list<CreditMemoRow>(KIND.creditMemo)[0] as CreditMemoRow;
  const ACT = `${REST}/receivablesCustomerAccountActivities`;
  const SITE = `${REST}/receivablesCustomerAccountSiteActivities`;
  targets = [
    {
      name: 'credit memos', path: `${REST}/receivablesCreditMemos`,
      clauses: ["CreditMemoStatus='Complete'", "TransactionNumber LIKE 'CM-%'", 'TransactionBalanceDue<=0', "BillToCustomerNumber IN ('10010','10080')", "TransactionDate>'2020-01-01'", "LastUpdateDate > '2026-01-01T00:00:00.000+0000'", "CreditMemoCurrency='USD'"],
      sortable: ['TransactionNumber', 'EnteredAmount', 'TransactionDate', 'CustomerTransactionId', 'CreditReason'],
      children: ['receivablesCreditMemoLines'], finders: [`PrimaryKey;CustomerTransactionId=${memo.CustomerTransactionId}`],
    },
    {
      name: 'credit memo lines', path: `${REST}/receivablesCreditMemos/${memo.CustomerTransactionId}/child/receivablesCreditMemoLines`,
      clauses: ['LineNumber=1', 'LineAmountCredit>0', 'CustomerTransactionLineId>0'], sortable: ['LineNumber', 'LineAmountCredit', 'LineDescription'], children: [], finders: ['PrimaryKey;CustomerTransactionLineId=1'],
    },
    {
      name: 'adjustments', path: `${REST}/receivablesAdjustments`,
      clauses: ["Status='A'", "Status IN ('A','R')", "AdjustmentNumber LIKE 'ADJ-%'", "AdjustmentDate>='2020-01-01'", 'CustomerTransactionId>0', "TransactionNumber!='x'"],
      sortable: ['AdjustmentAmount', 'AdjustmentDate', 'AdjustmentNumber', 'Currency'], children: ['receivablesAdjustmentDFF'], finders: ['PrimaryKey;AdjustmentId=1'],
    },
    {
      name: 'receipt methods', path: `${REST}/receiptMethods`,
      clauses: ["Name='Check'", "ReceiptClass LIKE '%Receipts'", "EndDate<'2099-01-01'", "StartDate>'2000-01-01'"], sortable: ['Name', 'EndDate', 'ReceiptMethodId'], children: [], finders: ['PrimaryKey;ReceiptMethodId=1'],
    },
    {
      name: 'sites LOV', path: `${REST}/customerAccountSitesLOV`,
      clauses: ["AccountNumber='10010'", "Location LIKE 'Acme%'", "Status='A'", `SiteUseId=${site.SiteUseId}`], sortable: ['Location', 'AccountName', 'SiteUseId', 'PrimaryFlag'], children: [], finders: [`PrimaryKey;SiteUseId=${site.SiteUseId}`],
    },
    {
      name: 'account activities', path: ACT,
      clauses: ['TotalOpenReceivablesForAccount>0', 'TotalTransactionsDueForAccount<=1000', "AccountNumber='10010'", "CustomerName LIKE 'A%'", "TaxRegistrationNumber='x'"],
      sortable: ['AccountNumber', 'CustomerName', 'TotalOpenReceivablesForAccount', 'AccountId'],
      children: ['standardReceipts', 'creditMemos', 'transactionPaymentSchedules', 'transactionAdjustments', 'standardReceiptApplications', 'creditMemoApplications', 'transactionsPaidByOtherCustomers'],
      finders: ['CustomerAccountActivitiesFinder;AccountNumber=10010', 'CustomerAccountActivitiesFinder;TransactionStatus=Open', `PrimaryKey;AccountId=${acme.CustomerAccountId}`],
    },
    {
      name: 'site activities', path: SITE,
      clauses: ['TotalOpenReceivablesForSite>0', "AccountNumber='10080'", `BillToSiteUseId=${site.SiteUseId}`], sortable: ['AccountNumber', 'BillToSiteUseId', 'TotalTransactionsDueForSite'],
      children: ['standardReceipts', 'transactionPaymentSchedules', 'creditMemos'], finders: ['CustomerAccountSiteActivitiesFinder;CustomerName=Acme Manufacturing Corp', 'CustomerAccountSiteActivitiesFinder;TransactionLimitByDays=90'],
    },
    {
      name: 'payment schedules child', path: `${ACT}/${acme.CustomerAccountId}/child/transactionPaymentSchedules`,
      clauses: ['PaymentDaysLate>0', "InstallmentStatus='OP'", "TransactionClass IN ('INV','DM')", "PaymentScheduleDueDate<'2030-01-01'"], sortable: ['PaymentScheduleDueDate', 'TotalBalanceAmount', 'PaymentDaysLate', 'TransactionNumber'], children: [], finders: ['PrimaryKey;InstallmentId=1'],
    },
    {
      name: 'receipt applications child', path: `${SITE}/${site.SiteUseId}/child/standardReceiptApplications`,
      clauses: ["ReferenceTransactionStatus='CL'", "ReceiptNumber LIKE 'RCPT%'", "ApplicationDate>'2020-01-01'"], sortable: ['ApplicationDate', 'ApplicationAmount', 'ReferenceTransactionStatus'], children: [], finders: ['PrimaryKey;ApplicationId=1'],
    },
    {
      name: 'credit memos child', path: `${ACT}/${acme.CustomerAccountId}/child/creditMemos`,
      clauses: ["CreditMemoStatus='CL'", "CreditMemoNumber='CM-5001'"], sortable: ['CreditMemoAmount', 'CreditMemoStatus', 'TransactionDate'], children: [], finders: ['PrimaryKey;CreditMemoId=1'],
    },
  ];
});

const noiseName = fc.constantFrom('Nope', 'EnteredAmount', 'InvoiceStatus', 'AccountedAmount', 'TotalOpenReceivablesForSite', '');
const noise = fc.constantFrom(
  ',', '(', ')', "'", '%', '"', '\\', ' ', "X='it''s'", 'A BETWEEN 1 AND 2', 'A IS NULL', 'NOT A=1', '1=1', "Status>100",
  "AdjustmentDate > 'yesterday'", 'TotalOpenReceivablesForAccount=1e999', "PaymentDaysLate='x'", 'x=', '=x', ';;', ' OR ', 'CreditMemoStatus LIKE 5',
);

function qOf(t: Target): fc.Arbitrary<string> {
  const clause = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...t.clauses) }, { weight: 1, arbitrary: noise });
  return fc.tuple(fc.array(clause, { minLength: 1, maxLength: 3 }), fc.constantFrom(';', ' AND ', ' OR ', ';', ',')).map(([cs, sep]) => cs.join(sep));
}

const listOf = (names: fc.Arbitrary<string>, suffixes: fc.Arbitrary<string>) =>
  fc.array(fc.tuple(names, suffixes).map(([a, s]) => `${a}${s}`), { maxLength: 3 }).map((xs) => xs.join(','));
const weighted = <T,>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: bad });

function paramsOf(t: Target) {
  const attr = weighted(fc.constantFrom(...t.sortable), noiseName);
  return fc.record(
    {
      q: qOf(t),
      orderBy: listOf(attr, weighted(fc.constantFrom(':asc', ':desc', ''), fc.constantFrom(':sideways', ':', '::asc'))),
      fields: listOf(attr, fc.constant('')),
      expand: fc.array(weighted(fc.constantFrom(...t.children, 'all'), fc.constantFrom('Nope', '', 'ALL', 'notes')), { maxLength: 2 }).map((xs) => xs.join(',')),
      finder: weighted(fc.constantFrom(...t.finders), fc.constantFrom('MyFinder', '', ';', 'PrimaryKey;Nope=1', 'PrimaryKey;=', 'CustomerAccountActivitiesFinder;AccountNumber')),
      limit: weighted(fc.constantFrom('1', '25', '500', '501', '0', '-1'), fc.constantFrom('abc', '', '2.5', '1e9')),
      offset: weighted(fc.constantFrom('0', '5', '-3', '100000'), fc.constantFrom('abc', '', '1.5')),
      totalResults: weighted(fc.constantFrom('true', 'false'), fc.constantFrom('TRUE', 'yes', '')),
      onlyData: weighted(fc.constantFrom('true', 'false'), fc.constantFrom('1', '')),
      links: fc.constantFrom('self', 'canonical,parent', 'child', 'nope', ''),
    },
    { requiredKeys: [] },
  );
}

it('every new collection answers 200 or a catalogued 400 for any combination of parameters, and never a 500', async () => {
  const seen = new Map<string, Set<string>>();
  for (const [i, t] of targets.entries()) {
    const s = new Set<string>();
    seen.set(t.name, s);
    await fc.assert(
      fc.asyncProperty(paramsOf(t), async (p) => {
        const url = `${t.path}?${new URLSearchParams(p).toString()}`;
        const { status, body } = await r.json(url);
        expect([200, 400], `${status} ${url} ${JSON.stringify(body).slice(0, 200)}`).toContain(status);
        if (status === 400) {
          expect(CATALOG_CODES.has(body['o:errorCode']), `${body['o:errorCode']} ${url}`).toBe(true);
          s.add(body['o:errorCode']);
        } else {
          expect(Array.isArray(body.items), url).toBe(true);
          s.add('200');
        }
      }),
      { numRuns: 150, seed: 20261010 + i },
    );
    expect(s.has('200'), t.name).toBe(true);
    expect(s.size, t.name).toBeGreaterThanOrEqual(4);
  }
  expect(r.sim.engine.stats.unhandledErrors).toBe(0);
}, 120_000);

it('item reads and child items take any path key: 200, 400 or 404, never a 500', async () => {
  const keys = fc.oneof(fc.constantFrom('0', '1', 'abc', '-1', '1.5', '99999999999999999999', '%25', ' ', '300000000000133'), fc.string({ maxLength: 20 }));
  const paths = [
    `${REST}/receivablesCreditMemos/`, `${REST}/receivablesAdjustments/`, `${REST}/receiptMethods/`, `${REST}/customerAccountSitesLOV/`,
    `${REST}/receivablesCustomerAccountActivities/`, `${REST}/receivablesCustomerAccountSiteActivities/`,
  ];
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...paths), keys, fc.constantFrom('', '/child/creditMemos', '/child/transactionPaymentSchedules/1', '/child/receivablesCreditMemoLines'), async (p, k, tail) => {
      const { status } = await r.json(`${p}${encodeURIComponent(k)}${tail}`);
      expect([200, 400, 404]).toContain(status);
    }),
    { numRuns: 300, seed: 7 },
  );
  expect(r.sim.engine.stats.unhandledErrors).toBe(0);
});

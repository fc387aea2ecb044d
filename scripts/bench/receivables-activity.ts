/**
 * Account-activity figures (issue 10 § targets), Node host (engine.handle):
 *   - GET receivablesCustomerAccountActivities/{AccountId}?expand=all for an account holding 10,000
 *     invoices (with 1,000 receipts applied to them);
 *   - GET receivablesCustomerAccountActivities (and the site collection) at 100,000 invoices;
 *   - GET <resource>/describe for every new resource.
 * "first" is the first request after the data was written (it builds the cached projections and
 * totals); median/p95 are warm. Run through scripts/bench/receivables.ts.
 */
import type { Engine } from '../../src/engine/index.ts';
import { KIND, type CustomerAccountRow, type SiteUseRow } from '../../src/engine/products/receivables/book/records.ts';
import { ms, stats, table } from './lib.ts';

const ORIGIN = 'http://bench.local';
const REST = '/fscmRestApi/resources/11.13.18.05';
const ACT = `${REST}/receivablesCustomerAccountActivities`;
const SITE = `${REST}/receivablesCustomerAccountSiteActivities`;
const ROUNDS = 100;
const STAMP = '2026-03-01T12:00:00.000+0000';

async function call(engine: Engine, path: string, init?: RequestInit): Promise<Response> {
  return engine.handle(new Request(new URL(path, ORIGIN), init));
}

async function env(engine: Engine, name: string): Promise<{ key: string; base: string; token: string }> {
  const res = await call(engine, '/sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product: 'receivables', name }) });
  const e = (await res.json()) as { key: string; credentials: { oauthClients: { clientId: string; clientSecret: string }[] } };
  const client = e.credentials.oauthClients[0] as { clientId: string; clientSecret: string };
  const tok = await call(engine, `/sim/${e.key}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret }).toString(),
  });
  return { key: e.key, base: `/sim/${e.key}`, token: ((await tok.json()) as { access_token: string }).access_token };
}

/** `count` invoices (one line, one installment) over the given accounts; every tenth paid by a receipt when `receipts`. */
async function load(engine: Engine, key: string, count: number, receipts: boolean): Promise<void> {
  const data = await engine.store.data(key);
  const accounts = data.list<CustomerAccountRow>(KIND.customerAccount);
  const sites = data.list<SiteUseRow>(KIND.siteUse).filter((u) => u.SiteUseCode === 'BILL_TO');
  const only = count <= 10_000 ? accounts.filter((a) => a.AccountNumber === '10010') : accounts;
  for (let start = 0; start < count; start += 10_000) {
    await engine.store.write(key, (tx) => {
      for (let i = start; i < Math.min(count, start + 10_000); i++) {
        const account = only[i % only.length] as CustomerAccountRow;
        const own = sites.filter((s) => s.customerAccountId === account.CustomerAccountId);
        const site = own[i % own.length] as SiteUseRow;
        const id = tx.nextId();
        const lineId = tx.nextId();
        const instId = tx.nextId();
        const currency = i % 5 === 0 ? 'EUR' : 'USD';
        const amount = `${100 + ((i * 37) % 5000)}.${String(i % 100).padStart(2, '0')}`;
        const paid = receipts && i % 10 === 0;
        const balance = paid ? '0.00' : amount;
        tx.put(KIND.invoice, String(id), {
          CustomerTransactionId: id, TransactionNumber: `INV-${id}`, BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual',
          BillToCustomerNumber: account.AccountNumber, InvoiceCurrencyCode: currency, TransactionDate: '2026-02-01', PaymentTerms: '30 NET', DueDate: '2026-03-03',
          EnteredAmount: amount, InvoiceBalanceAmount: balance, InvoiceStatus: 'Complete', BillToPartyId: account.PartyId, BillToCustomerName: account.AccountName,
          BillToSite: site.Location, BillToContact: null, DeliveryMethod: 'Paper', Email: null, LastUpdateDate: STAMP, customerAccountId: account.CustomerAccountId,
          billToSiteUseId: site.SiteUseId, billToContactPartyId: null, glPostedDate: null, voided: false, lineIds: [lineId], installmentIds: [instId], scenario: null, CreationDate: STAMP,
        });
        tx.put(KIND.invoiceLine, String(lineId), { CustomerTransactionLineId: lineId, invoiceId: id, LineNumber: 1, Description: 'Bench line', Quantity: '1', UnitSellingPrice: amount, LineAmount: amount, lastUpdateDate: STAMP });
        tx.put(KIND.installment, String(instId), {
          InstallmentId: instId, invoiceId: id, InstallmentSequenceNumber: 1, InstallmentDueDate: '2026-03-03', OriginalAmount: amount, InstallmentBalanceDue: balance,
          AmountPaid: paid ? amount : '0', InstallmentAmountAdjusted: '0', InstallmentAmountCredited: '0', PendingAdjustmentAmount: '0', DisputeAmount: '0', DisputeDate: null,
          InstallmentStatus: paid ? 'CL' : 'OP', InstallmentClosedDate: paid ? '2026-03-02' : null, InstallmentGLClosedDate: paid ? '2026-03-02' : null, LastUpdateDate: STAMP, closedBy: paid ? 'settlement' : null,
        });
        if (paid) {
          const rid = tx.nextId();
          const aid = tx.nextId();
          tx.put(KIND.standardReceipt, String(rid), {
            StandardReceiptId: rid, ReceiptNumber: `RCPT-B${rid}`, ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: amount, Currency: currency, ReceiptDate: '2026-03-02',
            AccountingDate: '2026-03-02', CustomerAccountNumber: account.AccountNumber, CustomerName: account.AccountName, CustomerSite: site.Location, State: 'APPLIED', Status: 'CLEARED',
            UnappliedAmount: '0.00', customerAccountId: account.CustomerAccountId, customerSiteUseId: site.SiteUseId, CreatedBy: 'BENCH', CreationDate: STAMP, LastUpdatedBy: 'BENCH', LastUpdateDate: STAMP,
          });
          tx.put(KIND.receiptApplication, String(aid), {
            ApplicationId: aid, StandardReceiptId: rid, ReceiptNumber: `RCPT-B${rid}`, ReferenceTransactionId: id, ReferenceTransactionNumber: `INV-${id}`, ReferenceInstallmentId: instId,
            ApplicationAmount: amount, Currency: currency, ApplicationDate: '2026-03-02', AccountingDate: '2026-03-02', ApplicationStatus: 'APP', ActivityName: null,
            customerAccountId: account.CustomerAccountId, LastUpdateDate: STAMP,
          });
        }
      }
    });
  }
}

async function time(engine: Engine, path: string, token: string): Promise<{ took: number; bytes: number }> {
  const t = performance.now();
  const res = await call(engine, path, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const took = performance.now() - t;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return { took, bytes: text.length };
}

async function measure(engine: Engine, label: string, size: string, path: string, token: string, rounds = ROUNDS): Promise<Record<string, string | number>> {
  const first = await time(engine, path, token);
  for (let i = 0; i < 10; i++) await time(engine, path, token);
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) samples.push((await time(engine, path, token)).took);
  const s = stats(samples);
  return { request: label, data: size, first: ms(first.took), median: ms(s.median), p95: ms(s.p95), 'body (KB)': (first.bytes / 1024).toFixed(0) };
}

export async function activityBench(engine: Engine): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  const small = await env(engine, 'activity 10k');
  await load(engine, small.key, 10_000, true);
  const acme = (await engine.store.data(small.key)).list<CustomerAccountRow>(KIND.customerAccount).find((a) => a.AccountNumber === '10010') as CustomerAccountRow;
  rows.push(await measure(engine, 'account item expand=all', '10k invoices on the account', `${small.base}${ACT}/${acme.CustomerAccountId}?expand=all`, small.token, 30));
  rows.push(await measure(engine, 'account item expand=all&onlyData=true', '10k invoices on the account', `${small.base}${ACT}/${acme.CustomerAccountId}?expand=all&onlyData=true`, small.token, 30));
  rows.push(await measure(engine, 'account item (totals only)', '10k invoices on the account', `${small.base}${ACT}/${acme.CustomerAccountId}`, small.token));
  rows.push(await measure(engine, 'child transactionPaymentSchedules q=PaymentDaysLate>0 limit 25', '10k invoices on the account', `${small.base}${ACT}/${acme.CustomerAccountId}/child/transactionPaymentSchedules?q=${encodeURIComponent('PaymentDaysLate>0')}`, small.token));

  const big = await env(engine, 'activity 100k');
  await load(engine, big.key, 100_000, false);
  rows.push(await measure(engine, 'account activity collection', '100k invoices', `${big.base}${ACT}`, big.token));
  rows.push(await measure(engine, 'site activity collection', '100k invoices', `${big.base}${SITE}`, big.token));
  rows.push(await measure(engine, 'account collection q=TotalOpenReceivablesForAccount>0', '100k invoices', `${big.base}${ACT}?q=${encodeURIComponent('TotalOpenReceivablesForAccount>0')}`, big.token));
  table('Account activity in the Node host (engine.handle)', rows);

  const describe: Record<string, string | number>[] = [];
  for (const name of ['receivablesCreditMemos', 'receivablesAdjustments', 'receiptMethods', 'customerAccountSitesLOV', 'receivablesCustomerAccountActivities', 'receivablesCustomerAccountSiteActivities']) {
    const r = await measure(engine, `${name}/describe`, '', `${big.base}${REST}/${name}/describe`, big.token, 200);
    describe.push({ resource: name, median: String(r.median), p95: String(r.p95), 'body (KB)': String(r['body (KB)']) });
  }
  table('describe of the new resources (target < 5 ms)', describe);
}

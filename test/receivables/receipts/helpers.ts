/** Receipt test helpers: bodies, seeded receipts by scenario, and clients with chosen privileges. */
import { KIND, type InvoiceRow, type StandardReceiptRow } from '../../../src/engine/products/receivables/book/records.ts';
import { openApi, REST, SCOPE, type Api } from '../invoices/helpers.ts';

export { openApi, REST };
export const RECEIPTS = `${REST}/standardReceipts`;
export const CREATE = 'AR_CREATE_RECEIVABLES_RECEIPT_PRIV';
export const MANAGE = 'AR_MANAGE_RECEIVABLES_RECEIPT_PRIV';

/** A valid receipt body for customer 10010 (spec 000 § Receipt rule 1: the five required attributes). */
export function receiptBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ReceiptNumber: `T-${Math.random().toString(36).slice(2, 10)}`,
    ReceiptMethod: 'Check',
    BusinessUnit: 'US1 Business Unit',
    Amount: 125.5,
    Currency: 'USD',
    ReceiptDate: '2026-03-14',
    CustomerAccountNumber: '10010',
    ...over,
  };
}

/** A seeded receipt by its scenario label (seed-data.ts RECEIPT_SCENARIOS; Comments "Seeded: <label>"). */
export async function seededReceipt(api: Api, label: string): Promise<StandardReceiptRow> {
  const data = await api.sim.engine.store.data(api.key);
  const row = data.list<StandardReceiptRow>(KIND.standardReceipt).find((r) => r.Comments === `Seeded: ${label}`);
  if (!row) throw new Error(`no seeded ${label} receipt`);
  return row;
}

export async function appliedSeededReceipt(api: Api): Promise<StandardReceiptRow> {
  const data = await api.sim.engine.store.data(api.key);
  return data.list<StandardReceiptRow>(KIND.standardReceipt).find((r) => r.State === 'APPLIED') as StandardReceiptRow;
}

/** An open USD invoice of a customer that allows term overrides (for AutoMatch). */
export function openInvoice(api: Api, pred: (r: InvoiceRow) => boolean = () => true): InvoiceRow {
  const row = api.invoices((r) => r.InvoiceStatus === 'Complete' && !r.voided && Number(r.InvoiceBalanceAmount) > 0 && r.InvoiceCurrencyCode === 'USD' && pred(r))[0];
  if (!row) throw new Error('no open invoice');
  return row;
}

/** A bearer token for a new OAuth client holding `privileges`. */
export async function tokenWith(api: Api, privileges: string[]): Promise<string> {
  const cred = await api.sim.admin('POST', `/environments/${api.key}/credentials`, { type: 'oauth-client', privileges });
  const res = await api.sim.fetch(`${api.base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE, client_id: cred.body.clientId, client_secret: cred.body.clientSecret }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Receivables records linked both ways (issue 24 § 1.6): a receipt's applications name the invoices
 * it paid, and an invoice's name the receipts and credit memos that paid it. Read from the customer
 * account activity children the service offers (standardReceiptApplications, creditMemoApplications),
 * as the views' own reads.
 */
import type { EnvSummary } from './api.ts';
import { getJson } from './data-read.ts';
import { hashFor } from './router.svelte.ts';

export interface PaidLink {
  label: string;
  href: string;
  /** Amount and currency applied. */
  amount: string;
  date: string;
  kind: 'receipt' | 'credit memo' | 'invoice';
}

const ACT = '/fscmRestApi/resources/11.13.18.05/receivablesCustomerAccountActivities';
const q = (expr: string) => encodeURIComponent(expr);

async function accountId(env: EnvSummary, accountNumber: unknown): Promise<number | undefined> {
  if (typeof accountNumber !== 'string' || !accountNumber) return undefined;
  const r = await getJson(env, `${ACT}?q=${q(`AccountNumber='${accountNumber.replaceAll("'", "''")}'`)}&onlyData=true&fields=AccountId`);
  const items = (r.body as { items?: { AccountId?: number }[] } | null)?.items;
  return r.status === 200 ? items?.[0]?.AccountId : undefined;
}

async function rows(env: EnvSummary, path: string): Promise<Record<string, unknown>[]> {
  const r = await getJson(env, path);
  return r.status === 200 ? ((r.body as { items?: Record<string, unknown>[] }).items ?? []) : [];
}

const money = (amount: unknown, currency: unknown) => `${String(amount ?? '')} ${String(currency ?? '')}`.trim();

/** The invoices a receipt paid. */
export async function invoicesPaidBy(env: EnvSummary, receipt: Record<string, unknown>): Promise<PaidLink[]> {
  const account = await accountId(env, receipt.CustomerAccountNumber);
  if (account === undefined) return [];
  const apps = await rows(env, `${ACT}/${account}/child/standardReceiptApplications?q=${q(`StandardReceiptId=${String(receipt.StandardReceiptId)}`)}&onlyData=true&limit=100`);
  return apps.map((a) => ({ kind: 'invoice', label: String(a.ReferenceTransactionNumber), href: hashFor('data', env.key, ['receivablesInvoices', String(a.ReferenceTransactionId)]), amount: money(a.ApplicationAmount, a.ApplicationCurrency), date: String(a.ApplicationDate ?? '') }));
}

/** The receipts and credit memos that paid an invoice. */
export async function whatPaid(env: EnvSummary, invoice: Record<string, unknown>): Promise<PaidLink[]> {
  const account = await accountId(env, invoice.BillToCustomerNumber);
  if (account === undefined) return [];
  const [receipts, memos] = await Promise.all([
    rows(env, `${ACT}/${account}/child/standardReceiptApplications?q=${q(`ReferenceTransactionId=${String(invoice.CustomerTransactionId)}`)}&onlyData=true&limit=100`),
    rows(env, `${ACT}/${account}/child/creditMemoApplications?q=${q(`AppliedTransactionNumber='${String(invoice.TransactionNumber).replaceAll("'", "''")}'`)}&onlyData=true&limit=100`),
  ]);
  return [
    ...receipts.map((a): PaidLink => ({ kind: 'receipt', label: String(a.ReceiptNumber), href: hashFor('data', env.key, ['standardReceipts', String(a.StandardReceiptId)]), amount: money(a.ApplicationAmount, a.ApplicationCurrency), date: String(a.ApplicationDate ?? '') })),
    ...memos.map((a): PaidLink => ({ kind: 'credit memo', label: String(a.CreditMemoNumber), href: hashFor('data', env.key, ['receivablesCreditMemos', String(a.CreditMemoId)]), amount: money(a.AmountApplied, a.ApplicationCurrency), date: String(a.ApplicationDate ?? '') })),
  ];
}

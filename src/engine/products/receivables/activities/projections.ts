/**
 * The rows of the seven account-activity children, projected from the book under their own
 * attribute names and grouped by customer account and by bill-to site. Each projection is built from
 * rows on read and cached through data.derived on exactly the kinds it reads, so a write (an
 * application made by an AutoMatch run included) shows at once.
 *
 * Whose rows (docs/reference/receivables.md § Customer account activity):
 * - standardReceipts: the account's identified receipts; the site is the receipt's bill-to site
 *   (CustomerSite), else the account's primary bill-to site.
 * - standardReceiptApplications, creditMemoApplications: applications to the account's transactions
 *   (what paid them); the site of an application is its invoice's bill-to site.
 * - transactionsPaidByOtherCustomers: the subset of those applications whose receipt belongs to
 *   another customer account.
 * - transactionPaymentSchedules: installments of the account's transactions; voids excluded.
 * - creditMemos: the account's credit memos. transactionAdjustments: adjustments of its transactions.
 */
import { DAY_MS } from '../../../core/clock.ts';
import type { DataView, Row } from '../../../core/types.ts';
import { accountById } from '../book/lookups.ts';
import {
  KIND,
  type AdjustmentRow,
  type CreditApplicationRow,
  type CreditMemoRow,
  type InstallmentRow,
  type InvoiceRow,
  type ReceiptApplicationRow,
  type StandardReceiptRow,
  type TransactionTypeRow,
} from '../book/records.ts';
import { siteOf } from './ledger.ts';

export interface Grouped {
  byAccount: Map<number, Row[]>;
  bySite: Map<number, Row[]>;
}

function group(rows: Iterable<{ row: Row; account: number | null; site: number | null }>): Grouped {
  const byAccount = new Map<number, Row[]>();
  const bySite = new Map<number, Row[]>();
  const push = (m: Map<number, Row[]>, k: number, r: Row) => {
    const g = m.get(k);
    if (g) g.push(r);
    else m.set(k, [r]);
  };
  for (const { row, account, site } of rows) {
    if (account !== null) push(byAccount, account, row);
    if (site !== null) push(bySite, site, row);
  }
  return { byAccount, bySite };
}

/** Rows of a projection for an account-activity or site-activity parent row. */
export function rowsFor(g: Grouped, parent: Row): Row[] {
  if (parent.BillToSiteUseId !== undefined) return g.bySite.get(Number(parent.BillToSiteUseId)) ?? [];
  return g.byAccount.get(Number(parent.AccountId)) ?? [];
}

function transactionClasses(data: DataView): Map<string, string> {
  return data.derived('act:classes', [KIND.transactionType], () => new Map(data.list<TransactionTypeRow>(KIND.transactionType).map((t) => [t.Name, t.TransactionClass])));
}

export function receiptRows(data: DataView): Grouped {
  return data.derived('act:receipts', [KIND.standardReceipt, KIND.siteUse], () =>
    group(
      data.list<StandardReceiptRow>(KIND.standardReceipt)
        .filter((r) => r.customerAccountId !== null && r.customerAccountId !== undefined)
        .map((r) => {
          const site = siteOf(data, r.customerAccountId as number, r.customerSiteUseId);
          return {
            account: Number(r.customerAccountId),
            site,
            row: {
              StandardReceiptId: r.StandardReceiptId,
              ReceiptNumber: r.ReceiptNumber,
              ReceiptDate: r.ReceiptDate,
              ReceiptMethod: r.ReceiptMethod,
              ReceiptAmount: r.Amount,
              UnappliedAmount: r.UnappliedAmount,
              ReceiptCurrencyCode: r.Currency,
              ReceiptState: r.State,
              ReceiptStatus: r.Status,
              BusinessUnit: r.BusinessUnit,
              CustomerSite: r.CustomerSite,
              ReceiptSiteUseId: site,
            },
          };
        }),
    ),
  );
}

/** Applications joined with their receipt and invoice (shared by two children). */
function joinedApplications(data: DataView) {
  return data.derived('act:applications:joined', [KIND.receiptApplication, KIND.invoice, KIND.standardReceipt], () =>
    data.list<ReceiptApplicationRow>(KIND.receiptApplication).map((a) => {
      const inv = data.get<InvoiceRow>(KIND.invoice, String(a.ReferenceTransactionId));
      const receipt = data.get<StandardReceiptRow>(KIND.standardReceipt, String(a.StandardReceiptId));
      return { a, inv, receipt };
    }),
  );
}

export function applicationRows(data: DataView): Grouped {
  return data.derived('act:applications', [KIND.receiptApplication, KIND.invoice, KIND.standardReceipt, KIND.siteUse], () =>
    group(
      joinedApplications(data).map(({ a, inv, receipt }) => {
        const account = inv ? inv.customerAccountId : a.customerAccountId;
        return {
          account: Number(account),
          site: siteOf(data, account, inv?.billToSiteUseId),
          row: {
            ApplicationId: a.ApplicationId,
            ApplicationDate: a.ApplicationDate,
            AccountingDate: a.AccountingDate,
            ApplicationAmount: a.ApplicationAmount,
            ApplicationCurrency: a.Currency,
            ApplicationStatus: a.ApplicationStatus,
            ActivityName: a.ActivityName,
            StandardReceiptId: a.StandardReceiptId,
            ReceiptNumber: receipt?.ReceiptNumber ?? a.ReceiptNumber,
            ReferenceTransactionId: a.ReferenceTransactionId,
            ReferenceTransactionNumber: a.ReferenceTransactionNumber,
            ReferenceInstallmentId: a.ReferenceInstallmentId,
          },
        };
      }),
    ),
  );
}

export function paidByOthersRows(data: DataView): Grouped {
  return data.derived('act:paid-by-others', [KIND.receiptApplication, KIND.invoice, KIND.standardReceipt, KIND.siteUse, KIND.customerAccount], () =>
    group(
      joinedApplications(data)
        .filter(({ inv, receipt }) => inv && receipt && receipt.customerAccountId !== null && Number(receipt.customerAccountId) !== Number(inv.customerAccountId))
        .map(({ a, inv, receipt }) => {
          const i = inv as InvoiceRow;
          const payer = accountById(data, Number((receipt as StandardReceiptRow).customerAccountId));
          return {
            account: Number(i.customerAccountId),
            site: siteOf(data, i.customerAccountId, i.billToSiteUseId),
            row: {
              ApplicationId: a.ApplicationId,
              TransactionId: i.CustomerTransactionId,
              TransactionNumber: i.TransactionNumber,
              InstallmentId: a.ReferenceInstallmentId,
              AmountApplied: a.ApplicationAmount,
              TransactionCurrency: a.Currency,
              ApplicationDate: a.ApplicationDate,
              StandardReceiptId: a.StandardReceiptId,
              ReceiptNumber: (receipt as StandardReceiptRow).ReceiptNumber,
              PayingCustomerAccountNumber: payer?.AccountNumber ?? null,
              PayingCustomerName: payer?.AccountName ?? null,
            },
          };
        }),
    ),
  );
}

export function scheduleRows(data: DataView): Grouped {
  return data.derived('act:schedules', [KIND.installment, KIND.invoice, KIND.siteUse, KIND.transactionType], () => {
    const classes = transactionClasses(data);
    const out: { row: Row; account: number; site: number | null }[] = [];
    for (const inv of data.list<InvoiceRow>(KIND.invoice)) {
      if (inv.voided) continue;
      const site = siteOf(data, inv.customerAccountId, inv.billToSiteUseId);
      for (const id of inv.installmentIds ?? []) {
        const i = data.get<InstallmentRow>(KIND.installment, String(id));
        if (!i) continue;
        out.push({
          account: Number(inv.customerAccountId),
          site,
          row: {
            InstallmentId: i.InstallmentId,
            InstallmentNumber: i.InstallmentSequenceNumber,
            TransactionId: inv.CustomerTransactionId,
            TransactionNumber: inv.TransactionNumber,
            TransactionDate: inv.TransactionDate,
            TransactionType: inv.TransactionType,
            TransactionClass: classes.get(inv.TransactionType) ?? 'INV',
            PurchaseOrder: null,
            AccountingDate: inv.glPostedDate ?? inv.TransactionDate,
            PaymentScheduleDueDate: i.InstallmentDueDate,
            EnteredCurrency: inv.InvoiceCurrencyCode,
            TotalOriginalAmount: i.OriginalAmount,
            TotalBalanceAmount: i.InstallmentBalanceDue,
            InstallmentStatus: i.InstallmentStatus,
            // Not an attribute: the due date as a day number, so PaymentDaysLate is cheap per row.
            dueDay: Date.parse(`${i.InstallmentDueDate}T00:00:00Z`) / DAY_MS,
          },
        });
      }
    }
    return group(out);
  });
}

export function memoRows(data: DataView): Grouped {
  return data.derived('act:memos', [KIND.creditMemo, KIND.siteUse], () =>
    group(
      data.list<CreditMemoRow>(KIND.creditMemo).map((m) => ({
        account: Number(m.customerAccountId),
        site: siteOf(data, m.customerAccountId, m.billToSiteUseId),
        row: {
          CreditMemoId: m.CustomerTransactionId,
          CreditMemoNumber: m.TransactionNumber,
          TransactionDate: m.TransactionDate,
          BusinessUnit: m.BusinessUnit,
          CreditReason: m.CreditReason,
          EnteredCurrency: m.CreditMemoCurrency,
          CreditMemoAmount: m.EnteredAmount,
          CreditMemoBalance: m.TransactionBalanceDue,
        },
      })),
    ),
  );
}

export function creditApplicationRows(data: DataView): Grouped {
  return data.derived('act:credit-applications', [KIND.creditApplication, KIND.invoice, KIND.siteUse], () =>
    group(
      data.list<CreditApplicationRow>(KIND.creditApplication).map((a) => {
        const inv = data.get<InvoiceRow>(KIND.invoice, String(a.ReferenceTransactionId));
        const account = inv ? inv.customerAccountId : a.customerAccountId;
        return {
          account: Number(account),
          site: siteOf(data, account, inv?.billToSiteUseId),
          row: {
            ApplicationId: a.CreditApplicationId,
            CreditMemoId: a.creditMemoId,
            CreditMemoNumber: a.CreditMemoNumber,
            AppliedTransactionId: a.ReferenceTransactionId,
            AppliedTransactionNumber: inv?.TransactionNumber ?? `INV-${a.ReferenceTransactionId}`,
            AppliedInstallmentId: a.ReferenceInstallmentId,
            AmountApplied: a.AmountApplied,
            ApplicationCurrency: inv?.InvoiceCurrencyCode ?? null,
            ApplicationDate: a.ApplicationDate,
          },
        };
      }),
    ),
  );
}

export function adjustmentRows(data: DataView): Grouped {
  return data.derived('act:adjustments', [KIND.adjustment, KIND.siteUse], () =>
    group(
      data.list<AdjustmentRow>(KIND.adjustment).map((a) => ({
        account: Number(a.customerAccountId),
        site: siteOf(data, a.customerAccountId, a.BillToSiteUseId),
        row: {
          AdjustmentId: a.AdjustmentId,
          AdjustmentNumber: a.AdjustmentNumber,
          TransactionId: a.CustomerTransactionId,
          TransactionNumber: a.TransactionNumber,
          InstallmentNumber: a.InstallmentNumber,
          AdjustmentType: a.AdjustmentType,
          AdjustedAmount: a.AdjustmentAmount,
          AdjustmentCurrency: a.Currency,
          AdjustmentStatus: a.Status,
          AdjustmentDate: a.AdjustmentDate,
          ActivityName: a.ReceivablesActivity,
          AdjustmentReason: a.AdjustmentReason,
        },
      })),
    ),
  );
}

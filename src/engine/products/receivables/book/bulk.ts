/**
 * Synthetic invoices for benchmarks (issue 3 targets: 1k, 10k, 100k invoices in one environment).
 * Each has one line and one installment, on the seeded accounts, amounts and statuses varied.
 * Writes through any WriteTx (a real write, or a scratch one loaded into a cache).
 */
import { addDays, isoDate } from '../../../core/clock.ts';
import { Big } from '../../../core/money.ts';
import type { Rng } from '../../../core/random.ts';
import type { WriteTx } from '../../../core/types.ts';
import { accountByNumber, billToUses } from './lookups.ts';
import { KIND, type InstallmentRow, type InvoiceLineRow, type InvoiceRow } from './records.ts';
import { timestamp } from './time.ts';

const ACCOUNT_NUMBERS = ['10010', '10020', '10080', '10090'];
const STATUSES = ['Complete', 'Complete', 'Complete', 'Frozen', 'Incomplete'] as const;

export function addSyntheticInvoices(tx: WriteTx, count: number, now: Date, rng: Rng): void {
  const today = isoDate(now);
  const accounts = ACCOUNT_NUMBERS.map((n) => accountByNumber(tx, n)).filter((a) => a !== undefined);
  if (accounts.length === 0) throw new Error('addSyntheticInvoices: seed the book first');
  const sites = accounts.map((a) => billToUses(tx, a.CustomerAccountId)[0]);
  const stamp = timestamp(new Date(now.getTime() - 7_200_000));
  for (let n = 0; n < count; n++) {
    const account = accounts[n % accounts.length]!;
    const site = sites[n % accounts.length];
    const id = tx.nextId();
    const lineId = tx.nextId();
    const trxDate = addDays(today, -rng.int(0, 120));
    const amount = new Big(rng.int(500, 2_500_000)).div(100).toFixed(2);
    const status = STATUSES[n % STATUSES.length]!;
    const line: InvoiceLineRow = {
      CustomerTransactionLineId: lineId, invoiceId: id, LineNumber: 1, Description: 'Consulting services (hours)',
      Quantity: '1', UnitSellingPrice: amount, LineAmount: amount, lastUpdateDate: stamp,
    };
    tx.put(KIND.invoiceLine, String(lineId), line);
    const installmentIds: number[] = [];
    if (status !== 'Incomplete') {
      const instId = tx.nextId();
      installmentIds.push(instId);
      const inst: InstallmentRow = {
        InstallmentId: instId, invoiceId: id, InstallmentSequenceNumber: 1, InstallmentDueDate: addDays(trxDate, 30),
        OriginalAmount: amount, InstallmentBalanceDue: amount, AmountPaid: '0.00', InstallmentAmountAdjusted: '0.00',
        InstallmentAmountCredited: '0.00', PendingAdjustmentAmount: '0.00', DisputeAmount: '0.00', DisputeDate: null,
        InstallmentStatus: 'OP', InstallmentClosedDate: null, InstallmentGLClosedDate: null, LastUpdateDate: stamp, closedBy: null,
      };
      tx.put(KIND.installment, String(instId), inst);
    }
    const inv: InvoiceRow = {
      CustomerTransactionId: id, TransactionNumber: `INV-${id}`, BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice',
      TransactionSource: 'Spreadsheet', BillToCustomerNumber: account.AccountNumber, InvoiceCurrencyCode: 'USD', TransactionDate: trxDate,
      PaymentTerms: '30 NET', DueDate: addDays(trxDate, 30), EnteredAmount: amount, InvoiceBalanceAmount: amount, InvoiceStatus: status,
      BillToPartyId: account.PartyId, BillToCustomerName: account.AccountName, BillToSite: site?.Location ?? null, BillToContact: null,
      DeliveryMethod: 'Paper', Email: null, LastUpdateDate: stamp, customerAccountId: account.CustomerAccountId,
      billToSiteUseId: site?.SiteUseId ?? null, billToContactPartyId: null, glPostedDate: null, voided: false,
      lineIds: [lineId], installmentIds, scenario: 'synthetic', CreationDate: stamp,
    };
    tx.put(KIND.invoice, String(id), inv);
  }
}

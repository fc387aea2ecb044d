/**
 * The seeded book's invoices (seed-data.ts SCENARIOS): lines, installments, and what happened to
 * each (a receipt applied, a credit memo, a dispute), settled as of the environment's today.
 */
import { addDays } from '../../../core/clock.ts';
import { Big, roundHalfUp } from '../../../core/money.ts';
import { defaultBillToContact, deriveDelivery } from '../invoices/billing.ts';
import { deriveSchedule } from '../invoices/schedule.ts';
import { settleInstallment, withTotals } from '../invoices/state.ts';
import { BUSINESS_UNITS, CURRENCIES, SCENARIOS } from './seed-data.ts';
import {
  KIND,
  type CreditApplicationRow,
  type CreditMemoLineRow,
  type CreditMemoRow,
  type InstallmentRow,
  type InvoiceLineRow,
  type InvoiceRow,
  type PaymentTermRow,
  type ReceiptApplicationRow,
  type StandardReceiptRow,
} from './records.ts';
import type { AccountBook, BookWriter } from './seed-context.ts';

/** A receipt applied by the seed, stored once its remittance reference has an id (seed-receipts.ts). */
export interface AppliedReceipt {
  receipt: StandardReceiptRow;
  invoiceNumber: string;
}

export function seedInvoices(
  w: BookWriter,
  books: Map<string, AccountBook>,
  terms: Map<string, PaymentTermRow>,
  businessUnitIds: Map<string, number>,
): AppliedReceipt[] {
  const { tx, rng, today, stamp, put } = w;
  const precision = new Map<string, number>(CURRENCIES.map((c) => [c.code, c.precision]));
  let memoSeq = 0;
  const appliedReceipts: AppliedReceipt[] = [];
  const priceFor = (currency: string): string => {
    const p = precision.get(currency) ?? 2;
    if (p === 0) return String(rng.int(8, 400) * 500);
    const minor = 10 ** p;
    return new Big(rng.int(25 * minor, 4800 * minor)).div(minor).toFixed(p);
  };

  for (const s of SCENARIOS) {
    const book = books.get(s.account);
    if (!book) throw new Error(`seed: unknown account ${s.account}`);
    const term = terms.get(s.terms ?? book.account.profileTerms);
    if (!term) throw new Error(`seed: unknown terms ${s.terms}`);
    const currency = s.currency ?? 'USD';
    const p = precision.get(currency) ?? 2;
    const trxDate = addDays(today, -s.daysAgo);
    const id = tx.nextId();
    const created = stamp(trxDate);

    const lines: InvoiceLineRow[] = [];
    for (let n = 0; n < s.lines; n++) {
      const lineId = tx.nextId();
      const qty = n === 1 && s.lines > 2 ? '7.5' : String(rng.int(1, 12));
      const price = priceFor(currency);
      lines.push({
        CustomerTransactionLineId: lineId,
        invoiceId: id,
        LineNumber: n + 1,
        Description: rng.pick(LINE_DESCRIPTIONS),
        Quantity: qty,
        UnitSellingPrice: price,
        LineAmount: roundHalfUp(new Big(qty).times(price), p).toFixed(p),
        lastUpdateDate: created,
      });
    }
    const total = lines.reduce((t, l) => t.plus(l.LineAmount), new Big(0)).toFixed(p);
    const site = book.billTo[s.site ?? 0] ?? book.billTo[0];
    const contact = defaultBillToContact(book.contacts, book.roles);
    const delivery = deriveDelivery(undefined, undefined, contact);
    const voided = s.kind === 'void';

    let installments: InstallmentRow[] = [];
    if (s.status !== 'Incomplete') {
      installments = deriveSchedule(total, p, term, trxDate).map((pl) => ({
        InstallmentId: tx.nextId(),
        invoiceId: id,
        InstallmentSequenceNumber: pl.sequence,
        InstallmentDueDate: pl.dueDate,
        OriginalAmount: pl.amount,
        InstallmentBalanceDue: pl.amount,
        AmountPaid: new Big(0).toFixed(p),
        InstallmentAmountAdjusted: new Big(0).toFixed(p),
        InstallmentAmountCredited: new Big(0).toFixed(p),
        PendingAdjustmentAmount: new Big(0).toFixed(p),
        DisputeAmount: new Big(0).toFixed(p),
        DisputeDate: null,
        InstallmentStatus: 'OP',
        InstallmentClosedDate: null,
        InstallmentGLClosedDate: null,
        LastUpdateDate: created,
        closedBy: null,
      }));
    }
    const portion = (inst: InstallmentRow, share: 'full' | number): Big => {
      const open = new Big(inst.OriginalAmount).minus(inst.AmountPaid).minus(inst.InstallmentAmountCredited);
      return share === 'full' ? open : roundHalfUp(open.times(share).div(100), p);
    };
    const activityDate = (seq: number): string => {
      return addDays(trxDate, Math.max(0, Math.min(s.daysAgo - 1, 10 + seq * 5)));
    };

    // Receipt applications (paid / partly paid scenarios): one receipt per invoice.
    if (s.pay?.length) {
      const receiptId = tx.nextId();
      w.receiptSeq++;
      const receiptNumber = `RCPT-${String(10000 + w.receiptSeq)}`;
      let receiptTotal = new Big(0);
      let lastDate = trxDate;
      for (const [seq, share] of s.pay) {
        const inst = installments[seq - 1];
        if (!inst) continue;
        const amount = portion(inst, share);
        const date = activityDate(seq);
        lastDate = date > lastDate ? date : lastDate;
        inst.AmountPaid = new Big(inst.AmountPaid).plus(amount).toFixed(p);
        inst.LastUpdateDate = stamp(date);
        receiptTotal = receiptTotal.plus(amount);
        const appId = tx.nextId();
        const app: ReceiptApplicationRow = {
          ApplicationId: appId,
          StandardReceiptId: receiptId,
          ReceiptNumber: receiptNumber,
          ReferenceTransactionId: id,
          ReferenceTransactionNumber: `INV-${id}`,
          ReferenceInstallmentId: inst.InstallmentId,
          ApplicationAmount: amount.toFixed(p),
          Currency: currency,
          ApplicationDate: date,
          AccountingDate: date,
          ApplicationStatus: 'APP',
          ActivityName: null,
          customerAccountId: book.account.CustomerAccountId,
          LastUpdateDate: inst.LastUpdateDate,
        };
        put(KIND.receiptApplication, appId, app);
      }
      const receipt: StandardReceiptRow = {
        StandardReceiptId: receiptId,
        ReceiptNumber: receiptNumber,
        ReceiptMethod: w.receiptSeq % 3 === 0 ? 'Wire Transfer' : 'Check',
        BusinessUnit: s.bu ?? BUSINESS_UNITS[0]!.name,
        Amount: receiptTotal.toFixed(p),
        Currency: currency,
        ReceiptDate: lastDate,
        AccountingDate: lastDate,
        CustomerAccountNumber: book.account.AccountNumber,
        CustomerName: book.account.AccountName,
        CustomerSite: site?.Location ?? null,
        State: 'APPLIED',
        Status: 'CLEARED',
        UnappliedAmount: new Big(0).toFixed(p),
        businessUnitId: businessUnitIds.get(s.bu ?? BUSINESS_UNITS[0]!.name),
        customerAccountId: book.account.CustomerAccountId,
        customerSiteUseId: site?.SiteUseId ?? null,
        referenceIds: [],
        accounting: 'accounted',
        frozen: false,
        origin: 'cash',
        CreatedBy: 'SEED.LOADER',
        CreationDate: stamp(lastDate),
        LastUpdatedBy: 'SEED.LOADER',
        LastUpdateDate: stamp(lastDate),
      };
      // Its remittance reference gets an id after every invoice, so invoice ids stay as they were.
      appliedReceipts.push({ receipt, invoiceNumber: `INV-${id}` });
    }

    // Credit memo credits (credited scenarios): one approved memo per invoice, applied to installments.
    if (s.credit?.length) {
      const memoId = tx.nextId();
      memoSeq++;
      const memoNumber = `CM-${String(5000 + memoSeq)}`;
      let memoTotal = new Big(0);
      const memoDate = activityDate(1);
      for (const [seq, share] of s.credit) {
        const inst = installments[seq - 1];
        if (!inst) continue;
        const amount = portion(inst, share);
        inst.InstallmentAmountCredited = new Big(inst.InstallmentAmountCredited).plus(amount).toFixed(p);
        inst.LastUpdateDate = stamp(memoDate);
        memoTotal = memoTotal.plus(amount);
        const caId = tx.nextId();
        const ca: CreditApplicationRow = {
          CreditApplicationId: caId,
          creditMemoId: memoId,
          CreditMemoNumber: memoNumber,
          ReferenceTransactionId: id,
          ReferenceInstallmentId: inst.InstallmentId,
          AmountApplied: amount.toFixed(p),
          ApplicationDate: memoDate,
          customerAccountId: book.account.CustomerAccountId,
        };
        put(KIND.creditApplication, caId, ca);
      }
      const lineId = tx.nextId();
      const memoLine: CreditMemoLineRow = {
        CustomerTransactionLineId: lineId,
        creditMemoId: memoId,
        LineNumber: 1,
        LineDescription: `Credit for INV-${id}`,
        LineAmountCredit: memoTotal.toFixed(p),
        LineQuantityCredit: null,
      };
      put(KIND.creditMemoLine, lineId, memoLine);
      const memo: CreditMemoRow = {
        CustomerTransactionId: memoId,
        TransactionNumber: memoNumber,
        BusinessUnit: s.bu ?? BUSINESS_UNITS[0]!.name,
        TransactionDate: memoDate,
        TransactionType: 'Credit Memo',
        BillToCustomerNumber: book.account.AccountNumber,
        CreditMemoCurrency: currency,
        CreditReason: s.creditReason ?? 'Pricing error',
        CreditMemoStatus: 'Complete',
        RecipientEmail: contact?.EmailAddress ?? null,
        EnteredAmount: memoTotal.neg().toFixed(p),
        TransactionBalanceDue: new Big(0).toFixed(p),
        customerAccountId: book.account.CustomerAccountId,
        billToSiteUseId: site?.SiteUseId ?? null,
        lineIds: [lineId],
        LastUpdateDate: stamp(memoDate),
      };
      put(KIND.creditMemo, memoId, memo);
    }

    if (s.dispute) {
      const [seq, share] = s.dispute;
      const inst = installments[seq - 1];
      if (inst) {
        inst.DisputeAmount = roundHalfUp(new Big(inst.OriginalAmount).times(share).div(100), p).toFixed(p);
        inst.DisputeDate = activityDate(seq);
        inst.LastUpdateDate = stamp(inst.DisputeDate);
      }
    }

    installments = installments.map((i) => {
      const settled = settleInstallment(i, today, p, voided);
      // A seeded close happened on its activity date, not on the seeding day.
      if (settled.InstallmentStatus === 'CL' && !voided) {
        const date = activityDate(i.InstallmentSequenceNumber);
        return { ...settled, InstallmentClosedDate: date, InstallmentGLClosedDate: date };
      }
      return settled;
    });
    for (const i of installments) put(KIND.installment, i.InstallmentId, i);
    for (const l of lines) put(KIND.invoiceLine, l.CustomerTransactionLineId, l);

    const lastUpdate = [created, ...installments.map((i) => i.LastUpdateDate)].sort().at(-1) ?? created;
    const header: InvoiceRow = {
      CustomerTransactionId: id,
      TransactionNumber: `INV-${id}`,
      BusinessUnit: s.bu ?? BUSINESS_UNITS[0]!.name,
      TransactionType: voided ? 'Void' : (s.type ?? 'Invoice'),
      TransactionSource: s.source ?? 'Manual',
      BillToCustomerNumber: book.account.AccountNumber,
      InvoiceCurrencyCode: currency,
      TransactionDate: trxDate,
      PaymentTerms: term.Name,
      DueDate: null,
      EnteredAmount: total,
      InvoiceBalanceAmount: total,
      InvoiceStatus: s.status ?? 'Complete',
      BillToPartyId: book.account.PartyId,
      BillToCustomerName: book.account.AccountName,
      BillToSite: site?.Location ?? null,
      BillToContact: contact?.ContactName ?? null,
      DeliveryMethod: delivery.DeliveryMethod,
      Email: delivery.Email,
      LastUpdateDate: lastUpdate,
      customerAccountId: book.account.CustomerAccountId,
      billToSiteUseId: site?.SiteUseId ?? null,
      billToContactPartyId: contact?.PartyId ?? null,
      glPostedDate: s.posted ? addDays(trxDate, 1) : null,
      voided,
      lineIds: [],
      installmentIds: [],
      scenario: s.label,
      CreationDate: created,
    };
    const firstDue = deriveSchedule(total, p, term, trxDate)[0]?.dueDate ?? trxDate;
    put(KIND.invoice, id, withTotals(header, lines, installments, p, firstDue));
  }
  return appliedReceipts;
}

const LINE_DESCRIPTIONS = [
  'Hydraulic pump assembly HP-200',
  'Annual maintenance contract',
  'Consulting services (hours)',
  'Stainless steel fittings, box of 50',
  'Freight and handling',
  'Replacement filter cartridge',
  'Software subscription, 12 months',
  'On-site installation',
  'Industrial sensor module S-14',
  'Training workshop, per seat',
  'Pallet racking components',
  'Calibration service',
] as const;

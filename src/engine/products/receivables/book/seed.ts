/**
 * The seeded receivables book (issue 3 § 1): deterministic from ctx.rng, dates relative to ctx.now,
 * ids from ctx.tx.nextId(). docs/receivables-book.md describes what it holds.
 */
import { addDays, isoDate } from '../../../core/clock.ts';
import { Big, roundHalfUp } from '../../../core/money.ts';
import type { SeedContext } from '../../../core/types.ts';
import { defaultBillToContact, deriveDelivery } from '../invoices/billing.ts';
import { deriveSchedule } from '../invoices/schedule.ts';
import { settleInstallment, withTotals } from '../invoices/state.ts';
import { ACCOUNTS, BUSINESS_UNITS, CURRENCIES, PAYMENT_TERMS, RECEIPT_METHODS, RECEIPT_SCENARIOS, REMITTANCE_BANK_ACCOUNTS, SCENARIOS, TRANSACTION_SOURCES, TRANSACTION_TYPES } from './seed-data.ts';
import { seedState } from '../automatch/schedule.ts';
import {
  KIND,
  type ContactPointRow,
  type ContactRoleRow,
  type ContactRow,
  type CreditApplicationRow,
  type CreditMemoLineRow,
  type CreditMemoRow,
  type CustomerAccountRow,
  type CustomerSiteRow,
  type InstallmentRow,
  type InvoiceLineRow,
  type InvoiceRow,
  type PaymentTermRow,
  type ReceiptApplicationRow,
  type RemittanceReferenceRow,
  type SiteUseRow,
  type StandardReceiptRow,
} from './records.ts';
import { timestamp } from './time.ts';
import { seedAdjustments } from '../adjustments/seed.ts';

interface AccountBook {
  account: CustomerAccountRow;
  billTo: SiteUseRow[];
  contacts: ContactRow[];
  roles: ContactRoleRow[];
}

export function seedBook(ctx: SeedContext): void {
  const { tx, rng } = ctx;
  const today = isoDate(ctx.now);
  const nowMs = ctx.now.getTime();
  let tick = 0;
  /** A seed timestamp on `date`, always before the environment's now (so incremental sync starts clean). */
  const stamp = (date: string): string => {
    tick++;
    const at = Math.min(Date.parse(`${date}T12:00:00.000Z`) + tick * 1000, nowMs - 3_600_000 + tick);
    return timestamp(new Date(at));
  };
  const put = (kind: string, id: number, row: Record<string, unknown>) => tx.put(kind, String(id), row);

  const businessUnitIds = new Map<string, number>();
  for (const bu of BUSINESS_UNITS) {
    const id = tx.nextId();
    businessUnitIds.set(bu.name, id);
    put(KIND.businessUnit, id, { BusinessUnitId: id, BusinessUnitName: bu.name, LedgerCurrencyCode: 'USD', active: true });
  }
  for (const t of TRANSACTION_TYPES) {
    const id = tx.nextId();
    put(KIND.transactionType, id, { TransactionTypeId: id, Name: t.name, TransactionClass: t.cls, openReceivables: t.open, postToGL: t.open, creatable: t.creatable, active: true });
  }
  for (const s of TRANSACTION_SOURCES) {
    const id = tx.nextId();
    put(KIND.transactionSource, id, { TransactionSourceId: id, Name: s.name, active: s.active });
  }
  for (const c of CURRENCIES) {
    tx.put(KIND.currency, c.code, { CurrencyCode: c.code, Name: c.name, Precision: c.precision, EnabledFlag: c.enabled, rateToUsd: c.rate });
  }
  const terms = new Map<string, PaymentTermRow>();
  for (const t of PAYMENT_TERMS) {
    const id = tx.nextId();
    const row: PaymentTermRow = {
      PaymentTermId: id,
      Name: t.name,
      Description: t.description,
      installments: t.parts.map(([percent, dueDays], i) => ({ sequence: i + 1, percent, dueDays })),
      active: true,
    };
    terms.set(t.name, row);
    put(KIND.paymentTerm, id, row);
  }
  for (const m of RECEIPT_METHODS) {
    const id = tx.nextId();
    put(KIND.receiptMethod, id, { ReceiptMethodId: id, Name: m.name, ReceiptClass: m.receiptClass, StartDate: addDays(today, -1500), EndDate: m.retired ? addDays(today, -200) : null });
  }

  // ---- customer accounts, sites, contacts ------------------------------------------------------
  const books = new Map<string, AccountBook>();
  let personSeq = 0;
  ACCOUNTS.forEach((a, ai) => {
    const accountId = tx.nextId();
    const partyId = tx.nextId();
    const created = stamp(addDays(today, -900 + ai));
    const account: CustomerAccountRow = {
      CustomerAccountId: accountId,
      AccountNumber: a.number,
      AccountName: a.name,
      PartyId: partyId,
      PartyNumber: String(200100 + ai * 10),
      PartyName: a.name,
      TaxpayerIdentificationNumber: a.taxpayerId,
      TaxRegistrationNumber: a.taxRegistration,
      Status: 'A',
      profileTerms: a.terms,
      allowPaymentTermOverride: a.allowTermOverride,
      CreationDate: created,
      LastUpdateDate: created,
    };
    put(KIND.customerAccount, accountId, account);
    const billTo: SiteUseRow[] = [];
    a.sites.forEach((s, si) => {
      const siteId = tx.nextId();
      const site: CustomerSiteRow = {
        CustomerAccountSiteId: siteId,
        customerAccountId: accountId,
        PartySiteId: tx.nextId(),
        PartySiteNumber: String(400100 + ai * 10 + si),
        Address1: s.address,
        City: s.city,
        PostalCode: s.postal,
        Country: a.country,
        Status: 'A',
      };
      put(KIND.customerSite, siteId, site);
      for (const code of ['BILL_TO', 'SHIP_TO'] as const) {
        const useId = tx.nextId();
        const use: SiteUseRow = {
          SiteUseId: useId,
          customerAccountSiteId: siteId,
          customerAccountId: accountId,
          SiteUseCode: code,
          Location: code === 'BILL_TO' ? s.location : `${s.location} Ship`,
          PrimaryFlag: si === 0,
          Status: 'A',
        };
        put(KIND.siteUse, useId, use);
        if (code === 'BILL_TO') billTo.push(use);
      }
    });
    const contacts: ContactRow[] = [];
    const roles: ContactRoleRow[] = [];
    for (const p of a.contacts) {
      const pid = tx.nextId();
      const updated = stamp(addDays(today, -400 + personSeq));
      const email = p.email ? `${p.first}.${p.last}@${a.domain}`.toLowerCase() : null;
      const phone = `${a.phonePrefix} ${String(rng.int(1000000, 9999999))}`;
      const contact: ContactRow = {
        PartyId: pid,
        PartyNumber: String(300100 + personSeq),
        ContactName: `${p.first} ${p.last}`,
        ContactUniqueName: `${p.first} ${p.last}`,
        FirstName: p.first,
        LastName: p.last,
        JobTitle: p.title,
        EmailAddress: email,
        WorkPhoneNumber: phone,
        MobileNumber: null,
        HomePhoneNumber: null,
        FaxNumber: null,
        PartyStatus: p.active ? 'A' : 'I',
        PartyType: 'PERSON',
        AccountPartyId: partyId,
        LastUpdateDate: updated,
      };
      personSeq++;
      contacts.push(contact);
      put(KIND.contact, pid, contact);
      const point = (type: 'EMAIL' | 'PHONE'): ContactPointRow => ({
        ContactPointId: tx.nextId(),
        PartyId: pid,
        ContactPointType: type,
        EmailAddress: type === 'EMAIL' ? email : null,
        RawPhoneNumber: type === 'PHONE' ? phone.replace(/\s+/g, '') : null,
        FormattedPhoneNumber: type === 'PHONE' ? phone : null,
        PrimaryFlag: true,
        Status: p.active ? 'A' : 'I',
        CreatedBy: 'SEED.LOADER',
        CreationDate: updated,
        LastUpdatedBy: 'SEED.LOADER',
        LastUpdateDate: updated,
      });
      if (email) {
        const cp = point('EMAIL');
        put(KIND.contactPoint, cp.ContactPointId, cp);
      }
      const ph = point('PHONE');
      put(KIND.contactPoint, ph.ContactPointId, ph);
      for (const [type, primary] of p.roles) {
        const rid = tx.nextId();
        const role: ContactRoleRow = { ContactRoleId: rid, contactPartyId: pid, customerAccountId: accountId, ResponsibilityType: type, PrimaryFlag: primary };
        roles.push(role);
        put(KIND.contactRole, rid, role);
      }
    }
    books.set(a.number, { account, billTo, contacts, roles });
  });

  // ---- invoices -------------------------------------------------------------------------------
  const precision = new Map<string, number>(CURRENCIES.map((c) => [c.code, c.precision]));
  let receiptSeq = 0;
  let memoSeq = 0;
  const appliedReceipts: { receipt: StandardReceiptRow; invoiceNumber: string }[] = [];
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
      receiptSeq++;
      const receiptNumber = `RCPT-${String(10000 + receiptSeq)}`;
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
        ReceiptMethod: receiptSeq % 3 === 0 ? 'Wire Transfer' : 'Check',
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

  // What the customer said each applied receipt paid: the invoice number, applied by an earlier run.
  for (const { receipt, invoiceNumber } of appliedReceipts) {
    const refId = tx.nextId();
    const reference: RemittanceReferenceRow = {
      RemittanceReferenceId: refId,
      receiptId: receipt.StandardReceiptId,
      ReceiptMatchBy: 'Transaction Number',
      ReferenceNumber: invoiceNumber,
      ReferenceAmount: null,
      CustomerReason: null,
      CustomerReference: null,
      appliedBy: receipt.StandardReceiptId,
      CreatedBy: 'SEED.LOADER',
      CreationDate: receipt.CreationDate,
      LastUpdatedBy: 'SEED.LOADER',
      LastUpdateDate: receipt.CreationDate,
    };
    put(KIND.remittanceReference, refId, reference);
    put(KIND.standardReceipt, receipt.StandardReceiptId, { ...receipt, referenceIds: [refId] });
  }

  for (const b of REMITTANCE_BANK_ACCOUNTS) {
    const id = tx.nextId();
    put(KIND.remittanceBankAccount, id, { BankAccountId: id, AccountNumber: b.number, BankName: b.bank, BankBranchName: b.branch });
  }

  // Receipts not applied yet (seed-data.ts RECEIPT_SCENARIOS): the cash cycle's start and rules 4-5.
  for (const r of RECEIPT_SCENARIOS) {
    const rid = tx.nextId();
    receiptSeq++;
    const book = r.account ? books.get(r.account) : undefined;
    const date = r.date ?? addDays(today, -3);
    const amount = new Big(rng.int(50000, 250000)).div(100).toFixed(2);
    const bank = REMITTANCE_BANK_ACCOUNTS.find((b) => b.number === r.bank);
    const receipt: StandardReceiptRow = {
      StandardReceiptId: rid,
      ReceiptNumber: `RCPT-${String(10000 + receiptSeq)}`,
      ReceiptMethod: r.method ?? 'Check',
      BusinessUnit: BUSINESS_UNITS[0]!.name,
      Amount: amount,
      Currency: 'USD',
      ReceiptDate: date,
      AccountingDate: date,
      CustomerAccountNumber: book?.account.AccountNumber ?? null,
      CustomerName: book?.account.AccountName ?? null,
      CustomerSite: book?.billTo[0]?.Location ?? null,
      State: r.state ?? (book ? 'UNAPPLIED' : 'UNIDENTIFIED'),
      Status: r.status ?? 'CONFIRMED',
      UnappliedAmount: amount,
      Comments: `Seeded: ${r.label}`,
      RemittanceBankAccountNumber: bank?.number ?? null,
      RemittanceBankName: bank?.bank ?? null,
      RemittanceBankBranch: bank?.branch ?? null,
      businessUnitId: businessUnitIds.get(BUSINESS_UNITS[0]!.name),
      customerAccountId: book?.account.CustomerAccountId ?? null,
      customerSiteUseId: book?.billTo[0]?.SiteUseId ?? null,
      referenceIds: [],
      accounting: r.accounting ?? 'pending',
      frozen: r.frozen ?? false,
      origin: r.origin ?? 'cash',
      CreatedBy: 'SEED.LOADER',
      CreationDate: stamp(date),
      LastUpdatedBy: 'SEED.LOADER',
      LastUpdateDate: stamp(date),
    };
    put(KIND.standardReceipt, rid, receipt);
  }
  seedState(tx, ctx.now);
  // Last, so every id above stays what it was before adjustments were seeded.
  seedAdjustments(ctx);
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

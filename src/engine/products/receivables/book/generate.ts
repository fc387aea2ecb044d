/**
 * Synthetic invoices for load and paging trials (control API `generate`): each goes through the
 * same create path as POST receivablesInvoices (lines, schedule, delivery), so it is a normal
 * invoice of the book, with a transaction date spread over the 120 days before the environment's today.
 */
import { addDays, isoDate } from '../../../core/clock.ts';
import { Big } from '../../../core/money.ts';
import { ControlRefusal } from '../../../core/refusal.ts';
import type { SeedContext } from '../../../core/types.ts';
import { createInvoice } from '../invoices/create.ts';
import { isBodyDate, MAX_BODY_DATE, MIN_BODY_DATE } from '../rest/index.ts';
import { KIND, type CustomerAccountRow } from './records.ts';

const GENERATED_TERMS = ['IMMEDIATE', '30 NET', '45 NET'];
const GENERATED_ITEMS = ['Service hours', 'Spare parts kit', 'Freight', 'Maintenance contract', 'Consulting day'];
const SPREAD_DAYS = 120;

export async function generateInvoices(ctx: SeedContext, count: number): Promise<{ resource: string; added: number }> {
  const { tx, rng, now } = ctx;
  const today = isoDate(now);
  if (!isBodyDate(today) || !isBodyDate(addDays(today, -SPREAD_DAYS))) {
    throw new ControlRefusal(`The environment clock (${today}) is outside the dates invoices accept (${MIN_BODY_DATE} to ${MAX_BODY_DATE}); move it back first.`);
  }
  const accounts = tx.list<CustomerAccountRow>(KIND.customerAccount).filter((a) => a.Status === 'A');
  if (accounts.length === 0) return { resource: 'receivablesInvoices', added: 0 };
  for (let i = 0; i < count; i++) {
    // A shared host answers other environments meanwhile (issue 19 § 2).
    await ctx.breathe?.();
    const account = rng.pick(accounts);
    const lines = Array.from({ length: rng.int(1, 3) }, (_, n) => ({
      LineNumber: n + 1,
      Description: rng.pick(GENERATED_ITEMS),
      Quantity: rng.int(1, 20),
      UnitSellingPrice: new Big(rng.int(500, 250000)).div(100).toNumber(),
    }));
    createInvoice(
      tx,
      {
        BusinessUnit: 'US1 Business Unit',
        TransactionType: 'Invoice',
        TransactionSource: 'Spreadsheet',
        BillToCustomerNumber: account.AccountNumber,
        InvoiceCurrencyCode: 'USD',
        TransactionDate: addDays(today, -rng.int(0, SPREAD_DAYS)),
        ...(account.allowPaymentTermOverride ? { PaymentTerms: rng.pick(GENERATED_TERMS) } : {}),
        receivablesInvoiceLines: lines,
      },
      now,
    );
  }
  return { resource: 'receivablesInvoices', added: count };
}

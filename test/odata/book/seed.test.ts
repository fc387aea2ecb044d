// spec 001 § What the service does 2 (seeded book), § TINVOICES, § Other forms, § States and transitions.
import { describe, expect, it } from 'vitest';
import Big from 'big.js';
import { createEnv, createTestSim } from '../../support/sim.ts';
import type { Row } from '../../../src/engine/core/types.ts';
import { childRows, AINVOICEITEMS_SUBFORM, AINVOICES, CUSTPERSONNEL_SUBFORM, TFNCITEMS_SUBFORM, TINVOICES, TPAYMENT2_SUBFORM, PAYITEMS_SUBFORM, PAY, rowId } from '../../../src/engine/products/odata/forms/index.ts';
import { receivableBalance } from '../../../src/engine/products/odata/book/receivable.ts';

async function seeded() {
  const sim = await createTestSim({ now: '2026-03-15T10:00:00.000Z' });
  const env = await createEnv(sim, 'odata');
  return { sim, data: await sim.engine.store.data(env.key) };
}

const sum = (rows: readonly Row[], col: string) => rows.reduce((s, r) => s.plus(String(r[col] ?? '0')), new Big(0));

describe('seeded book', () => {
  it('has Active and Potential customers, temporary ones with T-numbers, contacts whose FIRM is the CUSTDES', async () => {
    const { data } = await seeded();
    const customers = data.list('CUSTOMERS');
    expect(customers.some((c) => c['STATDES'] === 'Active')).toBe(true);
    expect(customers.some((c) => c['STATDES'] === 'Potential' && /^T\d+$/.test(String(c['CUSTNAME'])))).toBe(true);
    expect(customers.some((c) => c['STATDES'] === 'Potential' && /^C\d+$/.test(String(c['CUSTNAME'])))).toBe(true);
    const cust = new Set(customers.map((c) => c['CUST']));
    expect(cust.size).toBe(customers.length); // CUST auto-unique
    let contacts = 0;
    for (const c of customers) {
      for (const p of childRows(data, CUSTPERSONNEL_SUBFORM, String(c['CUSTNAME']))) {
        contacts++;
        expect(p['FIRM']).toBe(c['CUSTDES']);
      }
    }
    expect(contacts).toBeGreaterThan(5);
  });

  it('drafts carry T-numbers, STATDES Draft and FINAL null; finals IN-numbers, FINAL Y; line totals sum to the header (VAT 0)', async () => {
    const { data } = await seeded();
    const invoices = data.list('AINVOICES');
    const drafts = invoices.filter((i) => i['STATDES'] === 'Draft');
    const finals = invoices.filter((i) => i['STATDES'] === 'Final');
    expect(drafts.length).toBeGreaterThan(0);
    expect(finals.length).toBeGreaterThan(3);
    for (const d of drafts) {
      expect(d['IVNUM']).toMatch(/^T\d+$/);
      expect(d['FINAL']).toBeNull();
    }
    for (const f of finals) {
      expect(f['IVNUM']).toMatch(/^IN\d+$/);
      expect(f['FINAL']).toBe('Y');
    }
    for (const iv of invoices) {
      expect(iv['IVTYPE']).toBe('A');
      const lines = childRows(data, AINVOICEITEMS_SUBFORM, rowId(AINVOICES, iv));
      expect(sum(lines, 'TOTPRICE').eq(String(iv['TOTPRICE']))).toBe(true);
      expect(iv['VAT']).toBe('0.00');
      if (lines.length === 0) {
        expect(iv['TOTPRICE']).toBe('0.00');
        expect(iv['TOTQUANT']).toBeNull();
      }
    }
  });

  it('has a cancelled invoice: the original stays Final, a reversing Canceled row with its own number and negative totals', async () => {
    const { data } = await seeded();
    const invoices = data.list('AINVOICES');
    const reversal = invoices.find((i) => i['STATDES'] === 'Canceled') as Row;
    expect(reversal).toBeDefined();
    const original = invoices.find((i) => i['IVNUM'] === reversal['IVREFA']) as Row;
    expect(original['STATDES']).toBe('Final');
    expect(reversal['IVNUM']).not.toBe(original['IVNUM']);
    expect(reversal['IVNUM']).toMatch(/^IN\d+$/);
    expect(new Big(String(reversal['TOTPRICE'])).eq(new Big(String(original['TOTPRICE'])).times(-1))).toBe(true);
  });

  it('receipts: RC-numbers, IVTYPE T, payment means, one settling several invoices, one unapplied, a cancellation with negative CREDIT, sum CREDIT <= TOTPRICE', async () => {
    const { data } = await seeded();
    const receipts = data.list('TINVOICES');
    const finals = receipts.filter((r) => r['FINAL'] === 'Y');
    expect(finals.every((r) => /^RC\d+$/.test(String(r['IVNUM'])) && r['IVTYPE'] === 'T')).toBe(true);
    let several = false;
    let unapplied = false;
    let negative = false;
    for (const r of receipts) {
      const id = rowId(TINVOICES, r);
      const means = childRows(data, TPAYMENT2_SUBFORM, id);
      const applies = childRows(data, TFNCITEMS_SUBFORM, id);
      expect(means.length).toBeGreaterThan(0);
      expect(sum(means, 'QPRICE').eq(String(r['TOTPRICE']))).toBe(true);
      expect(sum(applies, 'CREDIT').lte(String(r['TOTPRICE']))).toBe(true);
      if (applies.length > 1) several = true;
      if (r['FINAL'] === 'Y' && applies.length === 0) unapplied = true;
      if (applies.some((a) => new Big(String(a['CREDIT'])).lt(0))) negative = true;
      for (const a of applies) expect(data.list('AINVOICES').some((iv) => iv['IVNUM'] === a['FNCIREF1'])).toBe(true);
    }
    expect([several, unapplied, negative]).toEqual([true, true, true]);
  });

  it('PAY has payment terms with installments; ACCOUNTS_RECEIVABLE balances follow the final documents', async () => {
    const { data } = await seeded();
    expect(data.count('PAY')).toBeGreaterThan(3);
    const three = data.list('PAY').find((p) => childRows(data, PAYITEMS_SUBFORM, rowId(PAY, p)).length === 3) as Row;
    expect(sum(childRows(data, PAYITEMS_SUBFORM, rowId(PAY, three)), 'PERCENT').eq(100)).toBe(true);
    for (const c of data.list('CUSTOMERS')) {
      const ar = data.get('ACCOUNTS_RECEIVABLE', String(c['CUSTNAME'])) as Row;
      expect(ar).toBeDefined();
      const finals = data.list('AINVOICES').filter((i) => i['CUSTNAME'] === c['CUSTNAME'] && i['FINAL'] === 'Y');
      const receipts = data.list('TINVOICES').filter((i) => i['CUSTNAME'] === c['CUSTNAME'] && i['FINAL'] === 'Y');
      expect(new Big(String(ar['BALANCE'])).eq(sum(finals, 'TOTPRICE').minus(sum(receipts, 'TOTPRICE')))).toBe(true);
      expect(receivableBalance(data, String(c['CUSTNAME'])).BALANCE).toBe(ar['BALANCE']);
    }
  });

  it('spec 001 § CUSTOMERS, § Other forms: customer payment terms come from PAY; balances name their customer; applications settle final invoices of the same customer', async () => {
    const { data } = await seeded();
    const pay = new Map(data.list('PAY').map((p) => [p['PAYCODE'], p['PAYDES']]));
    for (const c of data.list('CUSTOMERS')) {
      if (c['PAYCODE'] !== null && c['PAYCODE'] !== undefined) expect(pay.get(c['PAYCODE']), String(c['CUSTNAME'])).toBe(c['PAYDES']);
      const ar = data.get('ACCOUNTS_RECEIVABLE', String(c['CUSTNAME'])) as Row;
      expect([ar['CUSTNAME'], ar['CUSTDES']]).toEqual([c['CUSTNAME'], c['CUSTDES']]);
    }
    const invoices = new Map(data.list('AINVOICES').map((i) => [i['IVNUM'], i]));
    for (const r of data.list('TINVOICES')) {
      for (const a of childRows(data, TFNCITEMS_SUBFORM, rowId(TINVOICES, r))) {
        const inv = invoices.get(a['FNCIREF1']) as Row;
        expect(inv['FINAL'], String(a['FNCIREF1'])).toBe('Y');
        expect(inv['CUSTNAME']).toBe(r['CUSTNAME']);
      }
    }
  });

  it('is deterministic: two environments seeded at the same instant hold the same book', async () => {
    const a = await seeded();
    const b = await seeded();
    const strip = (rows: readonly Row[]) => JSON.stringify(rows);
    for (const kind of ['CUSTOMERS', 'AINVOICES', 'AINVOICES/AINVOICEITEMS_SUBFORM', 'TINVOICES', 'ACCOUNTS_RECEIVABLE']) {
      expect(strip(a.data.list(kind))).toBe(strip(b.data.list(kind)));
    }
  });
});

// spec 000 § Invoices PATCH rules 1-3, DELETE rule, § Invoice status, § Incremental sync (LastUpdateDate cascade from header, lines, installments).
import { beforeAll, describe, expect, it } from 'vitest';
import { createBody, INVOICES, openApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});

const seeded = (label: string, i = 0) => {
  const row = api.invoices((r) => r.scenario === label)[i];
  if (!row) throw new Error(`no seeded ${label} invoice`);
  return row;
};
const create = async (over: Record<string, unknown> = {}) => {
  const res = await api.call('POST', INVOICES, createBody(over));
  expect(res.status).toBe(201);
  return res.body as Record<string, any>; // any: JSON payload
};
const installments = async (id: unknown) => (await api.call('GET', `${INVOICES}/${id}/child/receivablesInvoiceInstallments`)).body.items as Record<string, any>[]; // any: JSON payload

describe('invoice PATCH', () => {
  it('rule 1: every attribute other than InvoiceStatus, PaymentTerms, TransactionDate gives AR-1020 naming it', async () => {
    const inv = await create();
    const names: Record<string, unknown> = {
      DueDate: '2026-05-01', BusinessUnit: 'US2 Business Unit', TransactionType: 'Debit Memo', TransactionSource: 'Spreadsheet',
      InvoiceCurrencyCode: 'EUR', BillToSite: 'Acme Dallas Plant', BillToContact: 'Robert Fox', DeliveryMethod: 'Paper', Email: null,
      CustomerTransactionId: 1, TransactionNumber: 'X', InvoiceBalanceAmount: 1, EnteredAmount: 1, BillToCustomerNumber: '10020', Colour: 'red',
    };
    for (const [name, value] of Object.entries(names)) {
      const res = await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { [name]: value });
      expect(res.status, name).toBe(400);
      expect(res.body['o:errorCode']).toBe('AR-1020');
      expect(res.body['o:errorPath']).toBe(name);
      expect(res.body.detail).toContain(name);
    }
    const mixed = await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { InvoiceStatus: 'Frozen', Email: 'x@y.example' });
    expect(mixed.body['o:errorCode']).toBe('AR-1020');
    const after = await api.call('GET', `${INVOICES}/${inv.CustomerTransactionId}`);
    expect(after.body.InvoiceStatus).toBe('Complete'); // the refused PATCH changed nothing
  });

  it('updates InvoiceStatus, PaymentTerms, TransactionDate; unrecognised status refused and not stored', async () => {
    const inv = await create();
    const res = await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { InvoiceStatus: 'Frozen', TransactionDate: '2026-03-10' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ InvoiceStatus: 'Frozen', TransactionDate: '2026-03-10' });
    const bad = await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { InvoiceStatus: 'Open' });
    expect(bad.status).toBe(400);
    expect((await api.call('GET', `${INVOICES}/${inv.CustomerTransactionId}`)).body.InvoiceStatus).toBe('Frozen');
    const type = await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { TransactionDate: 20260301 });
    expect(type.status).toBe(400);
  });

  it('explicit null is allowed for the three attributes (resets to the create default)', async () => {
    const inv = await create({ PaymentTerms: '30 NET', TransactionDate: '2026-03-01' });
    await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { InvoiceStatus: 'Frozen' });
    const res = await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { InvoiceStatus: null, PaymentTerms: null, TransactionDate: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ InvoiceStatus: 'Complete', PaymentTerms: 'IMMEDIATE', TransactionDate: '2026-03-15', DueDate: '2026-03-15' });
  });

  it('rule 2: changing PaymentTerms re-derives the installment schedule', async () => {
    const inv = await create({ TransactionDate: '2026-03-01', receivablesInvoiceLines: [{ Quantity: 1, UnitSellingPrice: 1000 }] });
    const before = await installments(inv.CustomerTransactionId);
    const res = await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { PaymentTerms: '2 PAY 30/60' });
    expect(res.status).toBe(200);
    expect(res.body.DueDate).toBe('2026-03-31');
    const after = await installments(inv.CustomerTransactionId);
    expect(after.map((i) => [i.InstallmentSequenceNumber, i.InstallmentDueDate, i.OriginalAmount])).toEqual([[1, '2026-03-31', 500], [2, '2026-04-30', 500]]);
    expect(after[0]!.InstallmentId).toBe(before[0]!.InstallmentId); // identity kept by sequence
  });

  it('rule 2: PaymentTerms change refused when posted to GL, with receipt applications, or when the profile disables overrides', async () => {
    for (const [label, why] of [['posted to GL', 'general ledger'], ['partly paid', 'receipt applications'], ['no term override', 'does not allow']] as const) {
      const inv = seeded(label);
      const res = await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { PaymentTerms: '45 NET' });
      expect(res.status, label).toBe(400);
      expect(res.body['o:errorCode']).toBe('AR-1020');
      expect(res.body['o:errorPath']).toBe('PaymentTerms');
      expect(res.body.detail).toContain(why);
      expect((await api.call('GET', `${INVOICES}/${inv.CustomerTransactionId}`)).body.PaymentTerms).toBe(inv.PaymentTerms);
    }
  });

  it('state table: Incomplete has no schedule; completing derives it; status change refused once money settled', async () => {
    const inv = await create({ PaymentTerms: '30 NET' });
    const inc = await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { InvoiceStatus: 'Incomplete' });
    expect(inc.status).toBe(200);
    expect(await installments(inv.CustomerTransactionId)).toEqual([]);
    expect(inc.body.InvoiceBalanceAmount).toBe(inv.EnteredAmount);
    const done = await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { InvoiceStatus: 'Complete' });
    expect(done.status).toBe(200);
    const sched = await installments(inv.CustomerTransactionId);
    expect(sched).toHaveLength(1);
    expect(sched[0]).toMatchObject({ OriginalAmount: inv.EnteredAmount, InstallmentDueDate: '2026-04-14' });
    const seededIncomplete = seeded('incomplete');
    expect(await installments(seededIncomplete.CustomerTransactionId)).toEqual([]);
    const paid = seeded('partly paid');
    const refused = await api.call('PATCH', `${INVOICES}/${paid.CustomerTransactionId}`, { InvoiceStatus: 'Incomplete' });
    expect(refused.status).toBe(400);
    expect(refused.body['o:errorCode']).toBe('AR-1020');
  });

  it('incremental sync: LastUpdateDate moves on header, line and installment changes; q=LastUpdateDate > watermark finds them', async () => {
    const inv = await create();
    const id = inv.CustomerTransactionId;
    const q = (mark: string) => api.call('GET', `${INVOICES}?q=${encodeURIComponent(`LastUpdateDate > '${mark}'`)}&fields=CustomerTransactionId,LastUpdateDate`);
    let mark = inv.LastUpdateDate as string;
    expect((await q(mark)).body.items).toEqual([]);
    await api.call('PATCH', `${INVOICES}/${id}`, { InvoiceStatus: 'Frozen' });
    let hits = (await q(mark)).body.items;
    expect(hits.map((h: { CustomerTransactionId: number }) => h.CustomerTransactionId)).toEqual([id]);
    mark = hits[0].LastUpdateDate;
    const added = await api.call('POST', `${INVOICES}/${id}/child/receivablesInvoiceLines`, { Quantity: 1, UnitSellingPrice: 5 });
    expect(added.status).toBe(201);
    hits = (await q(mark)).body.items;
    expect(hits).toHaveLength(1);
    expect(hits[0].LastUpdateDate > mark).toBe(true);
    const inst = await installments(id);
    expect(inst[0]!.LastUpdateDate).toBe(hits[0].LastUpdateDate); // cascades from the installment it raised
    // A split changes installments only: the invoice's LastUpdateDate still moves past the watermark.
    // (The invoice is Frozen from above; splitInstallments needs Complete, rule 1.)
    const done = await api.call('PATCH', `${INVOICES}/${id}`, { InvoiceStatus: 'Complete' });
    const total = done.body.EnteredAmount as number;
    mark = done.body.LastUpdateDate;
    const split = await api.call('POST', `${INVOICES}/${id}/action/splitInstallments`, {
      installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: total - 1 }, { InstallmentSequenceNumber: 2, OriginalAmount: 1, InstallmentDueDate: '2026-06-01' }],
    });
    expect(split.status).toBe(200);
    hits = (await q(mark)).body.items;
    expect(hits.map((h: { CustomerTransactionId: number }) => h.CustomerTransactionId)).toEqual([id]);
    expect(split.body.items.map((i: { LastUpdateDate: string }) => i.LastUpdateDate)).toEqual([hits[0].LastUpdateDate, hits[0].LastUpdateDate]);
  });
});

describe('invoice DELETE', () => {
  it('204 without a body; lines and installments removed with it', async () => {
    const inv = await create();
    const res = await api.call('DELETE', `${INVOICES}/${inv.CustomerTransactionId}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    const data = await api.sim.engine.store.data(api.key);
    expect(data.list<{ invoiceId: number }>('invoiceLine').filter((l) => l.invoiceId === inv.CustomerTransactionId)).toEqual([]);
    expect(data.list<{ invoiceId: number }>('installment').filter((l) => l.invoiceId === inv.CustomerTransactionId)).toEqual([]);
    const gone = await api.call('GET', `${INVOICES}/${inv.CustomerTransactionId}`);
    expect(gone.body['o:errorCode']).toBe('AR-7041');
  });

  it('a missing invoice gives 404 REST-01003; a non-numeric id REST-01002', async () => {
    const res = await api.call('DELETE', `${INVOICES}/999999999999999`);
    expect(res.status).toBe(404);
    expect(res.body['o:errorCode']).toBe('REST-01003');
    expect((await api.call('DELETE', `${INVOICES}/abc`)).body['o:errorCode']).toBe('REST-01002');
  });

  it('an invoice with receipt applications gives 400 AR_TRX_DELETE_NOT_ALLOWED and stays', async () => {
    const inv = seeded('fully paid');
    const res = await api.call('DELETE', `${INVOICES}/${inv.CustomerTransactionId}`);
    expect(res.status).toBe(400);
    expect(res.body['o:errorCode']).toBe('AR_TRX_DELETE_NOT_ALLOWED');
    expect((await api.call('GET', `${INVOICES}/${inv.CustomerTransactionId}`)).status).toBe(200);
  });
});

// spec 000 § Invoices Add-line rule; § splitInstallments rules 1-6; § Installment status.
import { beforeAll, describe, expect, it } from 'vitest';
import { createBody, INVOICES, openApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});

type J = Record<string, any>; // any: JSON payloads under test
const seeded = (label: string, i = 0) => {
  const row = api.invoices((r) => r.scenario === label)[i];
  if (!row) throw new Error(`no seeded ${label} invoice`);
  return row;
};
const create = async (over: Record<string, unknown> = {}) => {
  const res = await api.call('POST', INVOICES, createBody(over));
  expect(res.status).toBe(201);
  return res.body as J;
};
const installments = async (id: unknown) => (await api.call('GET', `${INVOICES}/${id}/child/receivablesInvoiceInstallments`)).body.items as J[];
const invoice = async (id: unknown) => (await api.call('GET', `${INVOICES}/${id}`)).body as J;
const addLine = (id: unknown, body: unknown) => api.call('POST', `${INVOICES}/${id}/child/receivablesInvoiceLines`, body);
const split = (id: unknown, body: unknown) => api.call('POST', `${INVOICES}/${id}/action/splitInstallments`, body);

describe('add line', () => {
  it('201 line with Location; total rises by Quantity x UnitSellingPrice; increase goes to the last open installment', async () => {
    const inv = await create({ PaymentTerms: '2 PAY 30/60', receivablesInvoiceLines: [{ Quantity: 1, UnitSellingPrice: 100 }] });
    const before = await installments(inv.CustomerTransactionId);
    const res = await addLine(inv.CustomerTransactionId, { Description: 'Calibration service', Quantity: 2, UnitSellingPrice: 12.5 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ LineNumber: 2, LineAmount: 25, Description: 'Calibration service' });
    expect(res.headers.get('location')).toContain(`/receivablesInvoiceLines/${res.body.CustomerTransactionLineId}`);
    const after = await installments(inv.CustomerTransactionId);
    expect(after.map((i) => i.InstallmentId)).toEqual(before.map((i) => i.InstallmentId));
    expect(after.map((i) => i.OriginalAmount)).toEqual([50, 75]);
    expect((await invoice(inv.CustomerTransactionId))).toMatchObject({ EnteredAmount: 125, InvoiceBalanceAmount: 125 });
  });

  it('applied receipts survive: on a partly paid multi-installment invoice the increase goes to the last open installment', async () => {
    const inv = seeded('multi-installment', 3); // 3 PAY, installment 1 paid, 2 half paid
    const before = await installments(inv.CustomerTransactionId);
    const res = await addLine(inv.CustomerTransactionId, { Quantity: 1, UnitSellingPrice: 10 });
    expect(res.status).toBe(201);
    const after = await installments(inv.CustomerTransactionId);
    expect(after[0]).toEqual(before[0]);
    expect(after[1]!.AmountPaid).toBe(before[1]!.AmountPaid);
    expect(after[2]!.OriginalAmount).toBeCloseTo(before[2]!.OriginalAmount + 10, 6);
  });

  it('when every installment is closed a new installment carries the increase', async () => {
    const inv = seeded('fully paid', 2);
    const before = await installments(inv.CustomerTransactionId);
    expect(before.every((i) => i.InstallmentStatus === 'CL')).toBe(true);
    const res = await addLine(inv.CustomerTransactionId, { Quantity: 3, UnitSellingPrice: 20 });
    expect(res.status).toBe(201);
    const after = await installments(inv.CustomerTransactionId);
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(0, -1)).toEqual(before.map((i) => ({ ...i, PaymentDaysLate: 0 })));
    expect(after.at(-1)).toMatchObject({ InstallmentSequenceNumber: before.length + 1, OriginalAmount: 60, InstallmentBalanceDue: 60, InstallmentStatus: 'OP' });
    expect((await invoice(inv.CustomerTransactionId)).InvoiceBalanceAmount).toBe(60);
  });

  it('an Incomplete invoice allocates nothing (no schedule) while its total rises', async () => {
    const inv = seeded('incomplete');
    const res = await addLine(inv.CustomerTransactionId, { Quantity: 1, UnitSellingPrice: 99.99 });
    expect(res.status).toBe(201);
    expect(await installments(inv.CustomerTransactionId)).toEqual([]);
    const after = await invoice(inv.CustomerTransactionId);
    expect(after.EnteredAmount).toBeCloseTo(Number(inv.EnteredAmount) + 99.99, 6);
  });

  it('a void does not accept lines: 409', async () => {
    const res = await addLine(seeded('void').CustomerTransactionId, { Quantity: 1, UnitSellingPrice: 10 });
    expect(res.status).toBe(409);
  });

  it('a line not worth a positive amount, or an unsupported attribute, gives 400 (named)', async () => {
    const inv = await create();
    for (const body of [{ Quantity: 0, UnitSellingPrice: 10 }, { Quantity: -1, UnitSellingPrice: 10 }, { Quantity: 1, UnitSellingPrice: 0 }]) {
      expect((await addLine(inv.CustomerTransactionId, body)).status).toBe(400);
    }
    for (const name of ['LineAmount', 'CustomerTransactionLineId', 'TaxClassificationCode']) {
      const res = await addLine(inv.CustomerTransactionId, { Quantity: 1, UnitSellingPrice: 1, [name]: 1 });
      expect(res.status, name).toBe(400);
      expect(res.body['o:errorPath']).toBe(name);
    }
    const round = await addLine(inv.CustomerTransactionId, { Quantity: 0.001, UnitSellingPrice: 1 });
    expect(round.body['o:errorCode']).toBe('AR-1030');
    const missing = await addLine(inv.CustomerTransactionId, { Description: 'x' });
    expect(missing.body['o:errorCode']).toBe('AR-1000');
    expect(missing.body['o:errorDetails']).toHaveLength(2);
    expect((await addLine(inv.CustomerTransactionId, '{bad')).body['o:errorCode']).toBe('REST-01007');
    expect((await addLine('999999999999999', { Quantity: 1, UnitSellingPrice: 1 })).body['o:errorCode']).toBe('AR-7041');
    expect((await invoice(inv.CustomerTransactionId)).EnteredAmount).toBe(inv.EnteredAmount);
  });
});

describe('splitInstallments', () => {
  it('answers the NEW installment collection (200); amounts sum to the transaction amount; updated in place', async () => {
    const inv = await create({ TransactionDate: '2026-03-01', receivablesInvoiceLines: [{ Quantity: 1, UnitSellingPrice: 900 }] });
    const [first] = await installments(inv.CustomerTransactionId);
    const res = await split(inv.CustomerTransactionId, {
      installmentPayload: [
        { InstallmentSequenceNumber: 1, InstallmentDueDate: '2026-03-20', OriginalAmount: 300 },
        { InstallmentSequenceNumber: 2, InstallmentDueDate: '2026-04-20', OriginalAmount: 300 },
        { InstallmentSequenceNumber: 3, InstallmentDueDate: '2026-05-20', OriginalAmount: 300 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: J) => [i.InstallmentSequenceNumber, i.InstallmentDueDate, i.OriginalAmount, i.InstallmentStatus])).toEqual([
      [1, '2026-03-20', 300, 'OP'], [2, '2026-04-20', 300, 'OP'], [3, '2026-05-20', 300, 'OP'],
    ]);
    expect(res.body.items[0].InstallmentId).toBe(first!.InstallmentId);
    expect(res.body.TransactionNumber).toBeUndefined();
    expect((await invoice(inv.CustomerTransactionId)).DueDate).toBe('2026-03-20');
  });

  it('rule 1: a non-Complete invoice gives 409 AR-2010', async () => {
    for (const label of ['frozen', 'incomplete']) {
      const inv = seeded(label);
      const res = await split(inv.CustomerTransactionId, { installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: Number(inv.EnteredAmount) }] });
      expect(res.status, label).toBe(409);
      expect(res.body['o:errorCode']).toBe('AR-2010');
    }
  });

  it('rule 2: omitting an existing installment gives AR-1040; an installment is emptied by setting it to zero (and can change again)', async () => {
    const inv = await create({ PaymentTerms: '2 PAY 30/60', TransactionDate: '2026-03-01', receivablesInvoiceLines: [{ Quantity: 1, UnitSellingPrice: 200 }] });
    const omit = await split(inv.CustomerTransactionId, { installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: 200 }] });
    expect(omit.status).toBe(400);
    expect(omit.body['o:errorCode']).toBe('AR-1040');
    const zero = await split(inv.CustomerTransactionId, { installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: 200 }, { InstallmentSequenceNumber: 2, OriginalAmount: 0 }] });
    expect(zero.status).toBe(200);
    expect(zero.body.items[1]).toMatchObject({ OriginalAmount: 0, InstallmentBalanceDue: 0, InstallmentStatus: 'CL', InstallmentClosedDate: '2026-03-15' });
    const again = await split(inv.CustomerTransactionId, { installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: 150 }, { InstallmentSequenceNumber: 2, OriginalAmount: 50 }] });
    expect(again.status).toBe(200);
    expect(again.body.items[1]).toMatchObject({ OriginalAmount: 50, InstallmentStatus: 'OP', InstallmentClosedDate: null });
  });

  it('rule 3: sum, due date on/after the transaction date, contiguous sequences, new installment > 0', async () => {
    const inv = await create({ TransactionDate: '2026-03-01', receivablesInvoiceLines: [{ Quantity: 1, UnitSellingPrice: 100 }] });
    const id = inv.CustomerTransactionId;
    const cases: unknown[] = [
      { installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: 60 }, { InstallmentSequenceNumber: 2, OriginalAmount: 30, InstallmentDueDate: '2026-04-01' }] },
      { installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: 100, InstallmentDueDate: '2026-02-28' }] },
      { installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: 50 }, { InstallmentSequenceNumber: 3, OriginalAmount: 50, InstallmentDueDate: '2026-04-01' }] },
      { installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: 100 }, { InstallmentSequenceNumber: 2, OriginalAmount: 0, InstallmentDueDate: '2026-04-01' }] },
      { installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: 50 }, { InstallmentSequenceNumber: 2, OriginalAmount: 50 }] },
      { installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: 50.001 }, { InstallmentSequenceNumber: 2, OriginalAmount: 49.999, InstallmentDueDate: '2026-04-01' }] },
    ];
    for (const body of cases) {
      const res = await split(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await installments(id)).toHaveLength(1);
  });

  it('the payload is an object with installmentPayload; an invoice body gives 400; unknown element names refused', async () => {
    const inv = await create();
    expect((await split(inv.CustomerTransactionId, createBody())).status).toBe(400);
    expect((await split(inv.CustomerTransactionId, [])).status).toBe(400);
    expect((await split(inv.CustomerTransactionId, { installmentPayload: [{ InstallmentSequenceNumber: 1, Amount: 5 }] })).status).toBe(400);
    expect((await split(inv.CustomerTransactionId, '{')).body['o:errorCode']).toBe('REST-01007');
    expect((await split('999999999999999', { installmentPayload: [] })).body['o:errorCode']).toBe('AR-7041');
  });

  it('rules 4-5: applied cash stays; below the settled amount or changing a closed-by-settlement installment gives 409 AR-2012 naming it', async () => {
    const inv = seeded('multi-installment', 3); // 3 PAY: 1 paid (closed by settlement), 2 half paid, 3 open
    const inst = await installments(inv.CustomerTransactionId);
    const total = Number(inv.EnteredAmount);
    const [i1, i2, i3] = inst as [J, J, J];
    const closedMoved = await split(inv.CustomerTransactionId, {
      installmentPayload: [
        { InstallmentSequenceNumber: 1, OriginalAmount: i1.OriginalAmount, InstallmentDueDate: '2099-01-01' },
        { InstallmentSequenceNumber: 2, OriginalAmount: i2.OriginalAmount },
        { InstallmentSequenceNumber: 3, OriginalAmount: i3.OriginalAmount },
      ],
    });
    expect(closedMoved.status).toBe(409);
    expect(closedMoved.body['o:errorCode']).toBe('AR-2012');
    expect(closedMoved.body.detail).toContain('Installment 1');
    const below = await split(inv.CustomerTransactionId, {
      installmentPayload: [
        { InstallmentSequenceNumber: 1, OriginalAmount: i1.OriginalAmount },
        { InstallmentSequenceNumber: 2, OriginalAmount: i2.AmountPaid - 1 },
        { InstallmentSequenceNumber: 3, OriginalAmount: Math.round((i3.OriginalAmount + i2.OriginalAmount - i2.AmountPaid + 1) * 100) / 100 },
      ],
    });
    expect(below.status).toBe(409);
    expect(below.body['o:errorCode']).toBe('AR-2012');
    expect(below.body.detail).toContain('Installment 2');
    // Down to exactly what settled it: installment 2 closes by settlement; the rest moves to 3.
    const moved = Math.round((i3.OriginalAmount + i2.OriginalAmount - i2.AmountPaid) * 100) / 100;
    const ok = await split(inv.CustomerTransactionId, {
      installmentPayload: [
        { InstallmentSequenceNumber: 1, OriginalAmount: i1.OriginalAmount },
        { InstallmentSequenceNumber: 2, OriginalAmount: i2.AmountPaid },
        { InstallmentSequenceNumber: 3, OriginalAmount: moved },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.items[1]).toMatchObject({ AmountPaid: i2.AmountPaid, InstallmentBalanceDue: 0, InstallmentStatus: 'CL' });
    expect(ok.body.items[2]).toMatchObject({ OriginalAmount: moved, InstallmentBalanceDue: moved });
    expect((await invoice(inv.CustomerTransactionId)).EnteredAmount).toBe(total);
  });
});

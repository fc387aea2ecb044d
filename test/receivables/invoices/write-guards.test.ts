// Writes refuse what they do not implement before anything is stored (spec 000 § Common query
// parameters: "Parameters not implemented by an operation are refused by name (400)"; issue § 6: a
// failed write changes nothing), and amounts and dates stay in a range the service can emit unchanged
// (spec 000 § Resources, General; Create rule 2: "An amount unrepresentable in its currency is never stored").
import { beforeAll, describe, expect, it } from 'vitest';
import { createBody, INVOICES, openApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});

type J = Record<string, any>; // any: JSON payloads under test
const create = async (over: Record<string, unknown> = {}) => {
  const res = await api.call('POST', INVOICES, createBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as J;
};
const installments = async (id: unknown) => (await api.call('GET', `${INVOICES}/${id}/child/receivablesInvoiceInstallments?limit=500`)).body.items as J[];
const invoice = async (id: unknown) => (await api.call('GET', `${INVOICES}/${id}`)).body as J;
const expectRefusedParam = (res: { status: number; body: J }, name: string) => {
  expect(res.status).toBe(400);
  expect(res.body['o:errorCode']).toBe('REST-01002');
  expect(res.body['o:errorPath']).toBe(name);
  expect(res.body.detail).toContain(name);
};

describe('query parameters on writes (spec 000 § Common query parameters: refused by name, 400)', () => {
  it('POST create with a query parameter is refused and creates nothing', async () => {
    const before = api.invoices().length;
    expectRefusedParam(await api.call('POST', `${INVOICES}?expand=all`, createBody()), 'expand');
    expect(api.invoices().length).toBe(before);
  });

  it('PATCH with a query parameter is refused and changes nothing', async () => {
    const inv = await create();
    expectRefusedParam(await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}?fields=InvoiceStatus`, { InvoiceStatus: 'Frozen' }), 'fields');
    expect((await invoice(inv.CustomerTransactionId)).InvoiceStatus).toBe('Complete');
  });

  it('DELETE with a query parameter is refused and the invoice stays', async () => {
    const inv = await create();
    expectRefusedParam(await api.call('DELETE', `${INVOICES}/${inv.CustomerTransactionId}?foo=1`), 'foo');
    expect((await api.call('GET', `${INVOICES}/${inv.CustomerTransactionId}`)).status).toBe(200);
  });

  it('adding a line with a query parameter is refused and the total stays', async () => {
    const inv = await create();
    expectRefusedParam(await api.call('POST', `${INVOICES}/${inv.CustomerTransactionId}/child/receivablesInvoiceLines?onlyData=true`, { Quantity: 1, UnitSellingPrice: 5 }), 'onlyData');
    expect((await invoice(inv.CustomerTransactionId)).EnteredAmount).toBe(inv.EnteredAmount);
  });

  it('splitInstallments with a query parameter is refused before the split: the schedule is unchanged', async () => {
    const inv = await create({ TransactionDate: '2026-03-01', receivablesInvoiceLines: [{ Quantity: 1, UnitSellingPrice: 100 }] });
    const before = await installments(inv.CustomerTransactionId);
    const res = await api.call('POST', `${INVOICES}/${inv.CustomerTransactionId}/action/splitInstallments?limit=1`, {
      installmentPayload: [
        { InstallmentSequenceNumber: 1, OriginalAmount: 50 },
        { InstallmentSequenceNumber: 2, OriginalAmount: 50, InstallmentDueDate: '2026-05-01' },
      ],
    });
    expectRefusedParam(res, 'limit');
    expect(await installments(inv.CustomerTransactionId)).toEqual(before);
  });
});

describe('splitInstallments answers the whole new schedule (spec 000 § Invoices endpoint table: 200 NEW installment collection)', () => {
  it('a split into 30 installments answers all 30 in one envelope, equal to the child endpoint rows', async () => {
    const inv = await create({ TransactionDate: '2026-03-01', receivablesInvoiceLines: [{ Quantity: 30, UnitSellingPrice: 1 }] });
    const payload = Array.from({ length: 30 }, (_, i) => ({
      InstallmentSequenceNumber: i + 1,
      OriginalAmount: 1,
      InstallmentDueDate: `2026-04-${String(i + 1).padStart(2, '0')}`,
    }));
    const res = await api.call('POST', `${INVOICES}/${inv.CustomerTransactionId}/action/splitInstallments`, { installmentPayload: payload });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 30, hasMore: false, offset: 0 });
    expect(res.body.items.map((i: J) => i.InstallmentSequenceNumber)).toEqual(payload.map((p) => p.InstallmentSequenceNumber));
    expect(res.body.items).toEqual(await installments(inv.CustomerTransactionId));
  });
});

describe('read-only children on create (spec 000 § Invoice table: receivablesInvoiceInstallments read-only)', () => {
  it('receivablesInvoiceInstallments is refused on create, even as an empty array, and nothing is stored', async () => {
    const before = api.invoices().length;
    for (const value of [[], [{}], [{ OriginalAmount: 5 }]]) {
      const res = await api.call('POST', INVOICES, createBody({ receivablesInvoiceInstallments: value }));
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body['o:errorCode']).toBe('SIM-REST-4008');
      expect(res.body['o:errorPath']).toBe('receivablesInvoiceInstallments');
    }
    expect(api.invoices().length).toBe(before);
  });
});

describe('amount range (spec 000 § Resources, General: amounts are JSON numbers; Create rule 2)', () => {
  const line = (Quantity: number, UnitSellingPrice: number) => ({ Description: 'Item', Quantity, UnitSellingPrice });

  it('a sent amount or quantity of 1e11 or more is refused with SIM-REST-4013 naming it', async () => {
    for (const [l, path] of [
      [line(1, 1e11), 'receivablesInvoiceLines[0].UnitSellingPrice'],
      [line(1e300, 1), 'receivablesInvoiceLines[0].Quantity'],
      [line(1, -1e11), 'receivablesInvoiceLines[0].UnitSellingPrice'],
    ] as const) {
      const res = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [l] }));
      expect(res.status, path).toBe(400);
      expect(res.body['o:errorCode']).toBe('SIM-REST-4013');
      expect(res.body['o:errorPath']).toBe(path);
    }
  });

  it('the largest amount in range is stored and emitted unchanged as a JSON number', async () => {
    const inv = await create({ receivablesInvoiceLines: [line(1, 99999999999.99)] });
    expect(inv.EnteredAmount).toBe(99999999999.99);
    expect(inv.receivablesInvoiceLines[0].LineAmount).toBe(99999999999.99);
    const raw = await api.sim.fetch(`${api.base}${INVOICES}/${inv.CustomerTransactionId}?fields=EnteredAmount&onlyData=true`, { headers: { authorization: `Bearer ${api.token}` } });
    expect(await raw.text()).toBe('{"EnteredAmount":99999999999.99}');
  });

  it('a computed line amount or invoice total out of range is refused and never stored', async () => {
    const before = api.invoices().length;
    const product = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [line(1000000, 250000000)] }));
    expect(product.status).toBe(400);
    expect(product.body['o:errorCode']).toBe('SIM-REST-4013');
    expect(product.body['o:errorPath']).toBe('receivablesInvoiceLines[0]');
    const total = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [line(1, 60000000000), line(1, 60000000000)] }));
    expect(total.status).toBe(400);
    expect(total.body['o:errorCode']).toBe('SIM-REST-4013');
    expect(total.body['o:errorPath']).toBe('receivablesInvoiceLines');
    expect(api.invoices().length).toBe(before);
  });

  it('adding a line that takes the total out of range is refused; the invoice is unchanged', async () => {
    const inv = await create({ receivablesInvoiceLines: [line(1, 90000000000)] });
    const res = await api.call('POST', `${INVOICES}/${inv.CustomerTransactionId}/child/receivablesInvoiceLines`, line(1, 20000000000));
    expect(res.status).toBe(400);
    expect(res.body['o:errorCode']).toBe('SIM-REST-4013');
    expect(await invoice(inv.CustomerTransactionId)).toMatchObject({ EnteredAmount: 90000000000, InvoiceBalanceAmount: 90000000000 });
  });

  it('a split OriginalAmount out of range is refused with SIM-REST-4013', async () => {
    const inv = await create();
    const res = await api.call('POST', `${INVOICES}/${inv.CustomerTransactionId}/action/splitInstallments`, {
      installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: 1e12 }],
    });
    expect(res.status).toBe(400);
    expect(res.body['o:errorCode']).toBe('SIM-REST-4013');
    expect(res.body['o:errorPath']).toBe('installmentPayload[0].OriginalAmount');
  });

  it('LineNumber must be a safe whole number (create and add-line)', async () => {
    const created = await api.call('POST', INVOICES, createBody({ receivablesInvoiceLines: [{ ...line(1, 1), LineNumber: 1e300 }] }));
    expect(created.status).toBe(400);
    expect(created.body['o:errorPath']).toBe('receivablesInvoiceLines[0].LineNumber');
    const inv = await create();
    const added = await api.call('POST', `${INVOICES}/${inv.CustomerTransactionId}/child/receivablesInvoiceLines`, { ...line(1, 1), LineNumber: 2 ** 53 });
    expect(added.status).toBe(400);
    expect(added.body['o:errorCode']).toBe('SIM-REST-4009');
    expect(added.body['o:errorPath']).toBe('LineNumber');
  });
});

describe('date range (spec 000 § Resources, General: dates are yyyy-MM-dd)', () => {
  it('body dates outside 0001-01-01..4712-12-31 are refused, so derived due dates stay yyyy-MM-dd', async () => {
    for (const d of ['0000-01-01', '4713-01-01', '9999-12-31']) {
      const res = await api.call('POST', INVOICES, createBody({ TransactionDate: d }));
      expect(res.status, d).toBe(400);
      expect(res.body['o:errorCode']).toBe('SIM-REST-4009');
      expect(res.body['o:errorPath']).toBe('TransactionDate');
    }
    const last = await create({ TransactionDate: '4712-12-31', PaymentTerms: '3 PAY 30/60/90' });
    const due = (await installments(last.CustomerTransactionId)).map((i) => i.InstallmentDueDate);
    expect(due).toEqual(['4713-01-30', '4713-03-01', '4713-03-31']);
  });

  it('PATCH TransactionDate and split due dates use the same range', async () => {
    const inv = await create();
    const patch = await api.call('PATCH', `${INVOICES}/${inv.CustomerTransactionId}`, { TransactionDate: '9999-12-31' });
    expect(patch.status).toBe(400);
    expect(patch.body['o:errorPath']).toBe('TransactionDate');
    const split = await api.call('POST', `${INVOICES}/${inv.CustomerTransactionId}/action/splitInstallments`, {
      installmentPayload: [{ InstallmentSequenceNumber: 1, OriginalAmount: inv.EnteredAmount, InstallmentDueDate: '5000-01-01' }],
    });
    expect(split.status).toBe(400);
    expect(split.body['o:errorPath']).toBe('installmentPayload[0].InstallmentDueDate');
    expect((await invoice(inv.CustomerTransactionId)).TransactionDate).toBe(inv.TransactionDate);
  });
});

// Spec 000 § Standard receipts endpoint table, Receipt rules 3-5, § Common query parameters (queryable
// receipt attributes), § Authentication 5, § Standard receipt table (describe), § Versioning 2.
import { beforeEach, describe, expect, it } from 'vitest';
import { KIND, type ReceiptApplicationRow, type StandardReceiptRow } from '../../../src/engine/products/receivables/book/records.ts';
import type { Api } from '../invoices/helpers.ts';
import { appliedSeededReceipt, CREATE, MANAGE, openApi, RECEIPTS, receiptBody, seededReceipt, tokenWith } from './helpers.ts';

let api: Api;
beforeEach(async () => {
  api = await openApi();
});

const q = (expr: string) => api.call('GET', `${RECEIPTS}?limit=500&q=${encodeURIComponent(expr)}`);

describe('seeded receipts and the book invariants', () => {
  it('every receipt: Amount = UnappliedAmount + its applications; every installment: OriginalAmount = balance + AmountPaid + credited', async () => {
    const data = await api.sim.engine.store.data(api.key);
    const apps = data.list<ReceiptApplicationRow>(KIND.receiptApplication);
    const receipts = data.list<StandardReceiptRow>(KIND.standardReceipt);
    expect(receipts.length).toBeGreaterThan(10);
    for (const r of receipts) {
      const applied = apps.filter((a) => a.StandardReceiptId === r.StandardReceiptId).reduce((s, a) => s + Math.round(Number(a.ApplicationAmount) * 1000), 0);
      expect(Math.round(Number(r.Amount) * 1000)).toBe(Math.round(Number(r.UnappliedAmount) * 1000) + applied);
    }
    const page = await api.call('GET', `/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=500&expand=receivablesInvoiceInstallments&q=${encodeURIComponent("TransactionNumber LIKE 'INV%'")}`);
    for (const inv of page.body.items) {
      for (const i of inv.receivablesInvoiceInstallments) {
        if (inv.TransactionType === 'Void') continue;
        expect(Math.round(i.OriginalAmount * 1000)).toBe(Math.round((i.InstallmentBalanceDue + i.AmountPaid + i.InstallmentAmountCredited) * 1000));
      }
    }
  });

  it('seeded receipts are served, APPLIED ones with the reference that was matched', async () => {
    const applied = await appliedSeededReceipt(api);
    const res = await api.call('GET', `${RECEIPTS}/${applied.StandardReceiptId}?expand=remittanceReferences`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ State: 'APPLIED', UnappliedAmount: 0 });
    expect(res.body.remittanceReferences[0]).toMatchObject({ ReceiptMatchBy: 'Transaction Number' });
    expect(res.body.remittanceReferences[0].ReferenceNumber).toMatch(/^INV-\d+$/);
  });

  it('the collection defaults to StandardReceiptId descending, with the envelope of the common parameters', async () => {
    const res = await api.call('GET', `${RECEIPTS}?limit=5&totalResults=true`);
    expect(res.body).toMatchObject({ count: 5, limit: 5, offset: 0, hasMore: true });
    const ids = res.body.items.map((r: { StandardReceiptId: number }) => r.StandardReceiptId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('Rule 3 and the queryable list', () => {
  it('StandardReceiptId, ReceiptNumber, ReceiptDate and CustomerAccountNumber filter', async () => {
    const r = await seededReceipt(api, 'unapplied');
    expect((await q(`ReceiptNumber='${r.ReceiptNumber}'`)).body.items.map((x: { StandardReceiptId: number }) => x.StandardReceiptId)).toEqual([r.StandardReceiptId]);
    expect((await q(`StandardReceiptId=${r.StandardReceiptId}`)).body.count).toBe(1);
    expect((await q(`ReceiptDate>='${r.ReceiptDate}';CustomerAccountNumber='10020'`)).body.items.every((x: { CustomerAccountNumber: string }) => x.CustomerAccountNumber === '10020')).toBe(true);
  });

  it('CustomerName, CustomerSite and BusinessUnit are resolved from names; an unknown name yields an empty collection', async () => {
    const byName = await q("CustomerName='Blue Harbor Logistics'");
    expect(byName.status).toBe(200);
    expect(byName.body.count).toBeGreaterThan(0);
    expect(byName.body.items.every((x: { CustomerAccountNumber: string }) => x.CustomerAccountNumber === '10020')).toBe(true);
    const site = (await seededReceipt(api, 'unapplied')).CustomerSite as string;
    expect((await q(`CustomerSite='${site}'`)).body.items.every((x: { CustomerSite: string }) => x.CustomerSite === site)).toBe(true);
    const bu = await q("BusinessUnit='US1 Business Unit'");
    expect(bu.body.count).toBeGreaterThan(0);
    for (const unknown of ["CustomerName='Nobody Ltd'", "CustomerSite='Atlantis'", "BusinessUnit='Mars Business Unit'"]) {
      const res = await q(unknown);
      expect([res.status, res.body.count]).toEqual([200, 0]);
    }
  });

  it.each(['CustomerName', 'CustomerSite', 'BusinessUnit'])('%s cannot be combined with OR (400)', async (name) => {
    const res = await q(`${name}='x' OR ReceiptNumber='y'`);
    expect([res.status, res.body['o:errorCode']]).toEqual([400, 'SIM-REST-4001']);
    expect(res.body.detail).toMatch(/OR/);
  });

  it.each(['State', 'Status', 'Amount', 'Currency', 'UnappliedAmount', 'ReceiptMethod', 'AccountingDate', 'Comments', 'DocumentNumber', 'MaturityDate', 'PostmarkDate', 'CreationDate', 'StructuredPaymentReference', 'LastUpdateDate'])(
    '%s is not filterable (400); receipts have no watermark',
    async (name) => {
      const value = name.endsWith('Date') ? "'2026-01-01'" : "'x'";
      const res = await q(`${name}=${value}`);
      expect([res.status, res.body['o:errorCode']]).toEqual([400, 'SIM-REST-4001']);
      expect(res.body.detail).toMatch(/not queryable/);
    },
  );

  it('StandardReceiptsFinder binds ReceiptNumber, ReceiptDate and CustomerAccountNumber; BusinessUnit, CustomerName and CustomerSite are refused by name', async () => {
    const r = await seededReceipt(api, 'unapplied');
    const found = await api.call('GET', `${RECEIPTS}?finder=StandardReceiptsFinder;ReceiptNumber=${r.ReceiptNumber},CustomerAccountNumber=10020`);
    expect(found.body.items.map((x: { StandardReceiptId: number }) => x.StandardReceiptId)).toEqual([r.StandardReceiptId]);
    expect((await api.call('GET', `${RECEIPTS}?finder=StandardReceiptsFinder;ReceiptDate=${r.ReceiptDate}`)).body.count).toBeGreaterThan(0);
    for (const v of ['BusinessUnit', 'CustomerName', 'CustomerSite']) {
      const res = await api.call('GET', `${RECEIPTS}?finder=StandardReceiptsFinder;${v}=x`);
      expect([res.status, res.body['o:errorCode'], res.body['o:errorPath']]).toEqual([400, 'SIM-REST-4003', v]);
    }
    expect((await api.call('GET', `${RECEIPTS}?finder=ReceiptsByDate;x=1`)).status).toBe(400);
  });

  it('describe lists every attribute with its flags and the queryable list', async () => {
    const res = await api.call('GET', `${RECEIPTS}/describe`);
    expect(res.status).toBe(200);
    const attrs = res.body.Resources.standardReceipts.attributes as { name: string; queryable: boolean; updatable: boolean; mandatory: boolean }[];
    const by = new Map(attrs.map((a) => [a.name, a]));
    expect([...by.values()].filter((a) => a.queryable).map((a) => a.name).sort()).toEqual(['BusinessUnit', 'CustomerAccountNumber', 'CustomerName', 'CustomerSite', 'ReceiptDate', 'ReceiptNumber', 'StandardReceiptId']);
    expect([...by.values()].filter((a) => a.updatable).map((a) => a.name).sort()).toEqual(['CustomerAccountNumber', 'CustomerBankAccountNumber', 'CustomerName', 'CustomerSite']);
    expect([...by.values()].filter((a) => a.mandatory).map((a) => a.name).sort()).toEqual(['Amount', 'BusinessUnit', 'Currency', 'ReceiptDate', 'ReceiptMethod']);
  });
});

describe('Rule 4: PATCH', () => {
  it('only the four customer attributes are accepted; Amount, State, Status, UnappliedAmount and StandardReceiptId are never client-writable', async () => {
    const id = (await api.call('POST', RECEIPTS, receiptBody())).body.StandardReceiptId;
    for (const [name, value] of [['Amount', 1], ['State', 'APPLIED'], ['Status', 'CLEARED'], ['UnappliedAmount', 0], ['StandardReceiptId', 1], ['Comments', 'x'], ['ReceiptDate', '2026-01-01']] as const) {
      const res = await api.call('PATCH', `${RECEIPTS}/${id}`, { [name]: value });
      expect([res.status, res.body['o:errorPath']]).toEqual([400, name]);
    }
    const ok = await api.call('PATCH', `${RECEIPTS}/${id}`, { CustomerBankAccountNumber: '12-345', CustomerSite: 'Acme Chicago HQ' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ CustomerBankAccountNumber: '12-345', CustomerSite: 'Acme Chicago HQ', CustomerAccountNumber: '10010' });
    const moved = await api.call('PATCH', `${RECEIPTS}/${id}`, { CustomerAccountNumber: '10030' });
    expect(moved.body).toMatchObject({ CustomerAccountNumber: '10030', CustomerName: 'Cedar Point Health Systems', CustomerSite: null });
  });

  it.each(['approved', 'reversed', 'automatic', 'netting', 'bills receivable', 'frozen', 'unaccounted'])('a %s receipt refuses PATCH with SIM-RCP-4006', async (label) => {
    const r = await seededReceipt(api, label);
    const res = await api.call('PATCH', `${RECEIPTS}/${r.StandardReceiptId}`, { CustomerBankAccountNumber: '1' });
    expect([res.status, res.body['o:errorCode']]).toEqual([400, 'SIM-RCP-4006']);
  });

  it('an applied receipt refuses PATCH; an accounted one accepts it', async () => {
    const applied = await appliedSeededReceipt(api);
    expect((await api.call('PATCH', `${RECEIPTS}/${applied.StandardReceiptId}`, { CustomerBankAccountNumber: '1' })).body['o:errorCode']).toBe('SIM-RCP-4006');
    const accounted = await seededReceipt(api, 'accounted');
    expect((await api.call('PATCH', `${RECEIPTS}/${accounted.StandardReceiptId}`, { CustomerBankAccountNumber: '1' })).status).toBe(200);
  });

  it('a missing receipt is 404 and a refused PATCH changes nothing', async () => {
    expect((await api.call('PATCH', `${RECEIPTS}/300000000999999`, { CustomerName: 'x' })).status).toBe(404);
    const id = (await api.call('POST', RECEIPTS, receiptBody())).body.StandardReceiptId;
    const before = (await api.call('GET', `${RECEIPTS}/${id}`)).body;
    expect((await api.call('PATCH', `${RECEIPTS}/${id}`, { CustomerBankAccountNumber: '9', Amount: 5 })).status).toBe(400);
    expect((await api.call('GET', `${RECEIPTS}/${id}`)).body).toEqual(before);
  });
});

describe('Rule 5: DELETE', () => {
  it('a new receipt is deleted (204) with its references', async () => {
    const res = await api.call('POST', RECEIPTS, receiptBody({ remittanceReferences: [{ ReferenceNumber: 'X' }] }));
    const id = res.body.StandardReceiptId;
    const del = await api.call('DELETE', `${RECEIPTS}/${id}`);
    expect([del.status, del.body]).toEqual([204, null]);
    expect((await api.call('GET', `${RECEIPTS}/${id}`)).status).toBe(404);
    const data = await api.sim.engine.store.data(api.key);
    expect(data.list(KIND.remittanceReference).filter((r) => r.receiptId === id)).toEqual([]);
  });

  it.each(['reversed', 'automatic', 'frozen', 'accounted'])('a %s receipt refuses DELETE with SIM-RCP-4007', async (label) => {
    const r = await seededReceipt(api, label);
    const res = await api.call('DELETE', `${RECEIPTS}/${r.StandardReceiptId}`);
    expect([res.status, res.body['o:errorCode']]).toEqual([400, 'SIM-RCP-4007']);
  });

  it('a receipt with applications refuses DELETE and is never silently unapplied', async () => {
    const applied = await appliedSeededReceipt(api);
    const res = await api.call('DELETE', `${RECEIPTS}/${applied.StandardReceiptId}`);
    expect([res.status, res.body['o:errorCode']]).toEqual([400, 'SIM-RCP-4007']);
    expect(res.body.detail).toMatch(/never silently unapplied/);
    expect((await api.call('GET', `${RECEIPTS}/${applied.StandardReceiptId}`)).body.State).toBe('APPLIED');
  });

  it('the unaccounted and approved receipts (refused for PATCH only) can be deleted', async () => {
    for (const label of ['unaccounted', 'approved']) {
      const r = await seededReceipt(api, label);
      expect((await api.call('DELETE', `${RECEIPTS}/${r.StandardReceiptId}`)).status).toBe(204);
    }
  });
});

describe('Authentication 5: privileges per operation', () => {
  const ops = (id: number) => [
    ['POST', RECEIPTS, CREATE],
    ['GET', RECEIPTS, MANAGE],
    ['GET', `${RECEIPTS}/${id}`, MANAGE],
    ['GET', `${RECEIPTS}/describe`, MANAGE],
    ['PATCH', `${RECEIPTS}/${id}`, MANAGE],
    ['DELETE', `${RECEIPTS}/${id}`, MANAGE],
    ['POST', `${RECEIPTS}/${id}/child/remittanceReferences`, CREATE],
    ['GET', `${RECEIPTS}/${id}/child/remittanceReferences`, MANAGE],
  ] as const;

  it('each operation needs its privilege: 403 FND_SECURITY_INSUFFICIENT_PRIVILEGE naming it, and the other privilege does not stand in', async () => {
    const id = (await api.call('POST', RECEIPTS, receiptBody())).body.StandardReceiptId;
    const tokens = { none: await tokenWith(api, []), [CREATE]: await tokenWith(api, [CREATE]), [MANAGE]: await tokenWith(api, [MANAGE]) };
    for (const [method, path, priv] of ops(id)) {
      const other = priv === CREATE ? MANAGE : CREATE;
      for (const token of [tokens.none, tokens[other] as string]) {
        const res = await api.call(method, path, method === 'POST' || method === 'PATCH' ? receiptBody() : undefined, { authorization: `Bearer ${token}` });
        expect([method, path, res.status, res.body['o:errorCode'], res.body['o:errorPath']]).toEqual([method, path, 403, 'FND_SECURITY_INSUFFICIENT_PRIVILEGE', priv]);
      }
      const allowed = await api.call(method, path, method === 'POST' && path === RECEIPTS ? receiptBody() : method === 'POST' ? { ReferenceNumber: 'A' } : undefined, { authorization: `Bearer ${tokens[priv]}` });
      expect(allowed.status, `${method} ${path}`).not.toBe(403);
    }
  });

  it('a bad token gives 401 REST-01401 before any privilege check', async () => {
    const res = await api.call('POST', RECEIPTS, receiptBody(), { authorization: 'Bearer nope' });
    expect([res.status, res.body['o:errorCode']]).toEqual([401, 'REST-01401']);
  });
});

// spec 000 § Invoices endpoint table (GET rows), § Common query parameters, § Installment, § Support matrix.
import { beforeAll, describe, expect, it } from 'vitest';
import { createEnv } from '../../support/sim.ts';
import { INVOICES, openApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await openApi();
});

const firstOf = (label: string) => {
  const row = api.invoices((r) => r.scenario === label)[0];
  if (!row) throw new Error(`no seeded ${label} invoice`);
  return row;
};

describe('invoice reads', () => {
  it('collection: envelope, default orderBy CustomerTransactionId:desc, item self links', async () => {
    const res = await api.call('GET', INVOICES);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 25, hasMore: true, limit: 25, offset: 0 });
    const ids = res.body.items.map((i: { CustomerTransactionId: number }) => i.CustomerTransactionId);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(res.body.items[0].links[0]).toMatchObject({ rel: 'self', kind: 'item' });
    expect(res.body.items[0].receivablesInvoiceLines).toBeUndefined();
  });

  it('collection expand=receivablesInvoiceLines,receivablesInvoiceInstallments embeds the children', async () => {
    const res = await api.call('GET', `${INVOICES}?expand=receivablesInvoiceLines,receivablesInvoiceInstallments&limit=3`);
    expect(res.status).toBe(200);
    for (const item of res.body.items) {
      expect(Array.isArray(item.receivablesInvoiceLines)).toBe(true);
      expect(Array.isArray(item.receivablesInvoiceInstallments)).toBe(true);
    }
  });

  it('q on the queryable invoice attributes works; a non-queryable attribute gives 400', async () => {
    const ok = await api.call('GET', `${INVOICES}?q=${encodeURIComponent("InvoiceBalanceAmount>100;InvoiceStatus='Complete'")}&orderBy=TransactionNumber:desc&totalResults=true`);
    expect(ok.status).toBe(200);
    for (const i of ok.body.items) {
      expect(i.InvoiceBalanceAmount).toBeGreaterThan(100);
      expect(i.InvoiceStatus).toBe('Complete');
    }
    const frozen = await api.call('GET', `${INVOICES}?q=${encodeURIComponent("InvoiceStatus='Frozen'")}&totalResults=true`);
    expect(frozen.body.totalResults).toBe(api.invoices((r) => r.InvoiceStatus === 'Frozen').length);
    const paper = await api.call('GET', `${INVOICES}?q=${encodeURIComponent("DeliveryMethod='Paper'")}`);
    expect(paper.body.items.length).toBeGreaterThan(0);
    for (const name of ['TransactionDate', 'DueDate', 'EnteredAmount', 'BillToCustomerNumber', 'InvoiceCurrencyCode', 'PaymentTerms', 'TransactionType', 'TransactionSource', 'BusinessUnit']) {
      const res = await api.call('GET', `${INVOICES}?q=${encodeURIComponent(`${name}='x'`)}`);
      expect(res.status, name).toBe(400);
    }
  });

  it('item GET: fields, onlyData, links, expand names or all; expanded children identical to child endpoint rows', async () => {
    const inv = firstOf('multi-installment');
    const path = `${INVOICES}/${inv.CustomerTransactionId}`;
    const all = await api.call('GET', `${path}?expand=all`);
    expect(all.status).toBe(200);
    const lines = await api.call('GET', `${path}/child/receivablesInvoiceLines`);
    const inst = await api.call('GET', `${path}/child/receivablesInvoiceInstallments`);
    expect(all.body.receivablesInvoiceLines).toEqual(lines.body.items);
    expect(all.body.receivablesInvoiceInstallments).toEqual(inst.body.items);
    const linkNames = all.body.links.filter((l: { rel: string }) => l.rel === 'child').map((l: { name: string }) => l.name);
    expect(linkNames).toEqual(['receivablesInvoiceLines', 'receivablesInvoiceInstallments']);
    const proj = await api.call('GET', `${path}?fields=TransactionNumber,InvoiceBalanceAmount&onlyData=true`);
    expect(proj.body).toEqual({ TransactionNumber: inv.TransactionNumber, InvoiceBalanceAmount: Number(inv.InvoiceBalanceAmount) });
    const self = await api.call('GET', `${path}?links=self`);
    expect(self.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self']);
    const one = await api.call('GET', `${path}?expand=receivablesInvoiceLines`);
    expect(one.body.receivablesInvoiceInstallments).toBeUndefined();
    const bad = await api.call('GET', `${path}?expand=receivablesInvoiceDistributions`);
    expect(bad.status).toBe(400);
  });

  it('AR-7041 for a missing invoice and for another environment’s invoice; REST-01002 for a non-numeric id', async () => {
    const missing = await api.call('GET', `${INVOICES}/999999999999999`);
    expect(missing.status).toBe(404);
    expect(missing.body['o:errorCode']).toBe('AR-7041');
    // Another environment's invoice answers exactly like a missing one.
    const other = await createEnv(api.sim, 'receivables');
    const foreign = (await api.sim.engine.store.data(other.key)).list<Record<string, unknown>>('invoice')[0]!;
    await api.sim.engine.store.write(other.key, (tx) => tx.put('invoice', '399999999999993', { ...foreign, CustomerTransactionId: 399999999999993 }));
    const cross = await api.call('GET', `${INVOICES}/399999999999993`);
    expect(cross.status).toBe(404);
    expect(cross.body.title).toBe(missing.body.title);
    expect(cross.body['o:errorCode']).toBe('AR-7041');
    const bad = await api.call('GET', `${INVOICES}/abc`);
    expect(bad.status).toBe(400);
    expect(bad.body['o:errorCode']).toBe('REST-01002');
    const childOfMissing = await api.call('GET', `${INVOICES}/999999999999999/child/receivablesInvoiceLines`);
    expect(childOfMissing.body['o:errorCode']).toBe('AR-7041');
  });

  it('lines: LineNumber order; item read takes fields/onlyData/links only (REST-01003); AR-7043 for a line of another invoice', async () => {
    const [a, b] = api.invoices((r) => r.lineIds.length >= 2);
    const path = `${INVOICES}/${a!.CustomerTransactionId}/child/receivablesInvoiceLines`;
    const lines = await api.call('GET', path);
    const numbers = lines.body.items.map((l: { LineNumber: number }) => l.LineNumber);
    expect(numbers).toEqual([...numbers].sort((x: number, y: number) => x - y));
    const lineId = a!.lineIds[0];
    const item = await api.call('GET', `${path}/${lineId}`);
    expect(item.status).toBe(200);
    expect(item.body).toEqual(lines.body.items.find((l: { CustomerTransactionLineId: number }) => l.CustomerTransactionLineId === lineId));
    for (const p of ['expand=all', 'q=LineNumber=1', 'limit=5', 'orderBy=LineNumber']) {
      const r = await api.call('GET', `${path}/${lineId}?${p}`);
      expect(r.status, p).toBe(400);
      expect(r.body['o:errorCode']).toBe('REST-01003');
    }
    expect((await api.call('GET', `${path}/${lineId}?fields=LineAmount&onlyData=true`)).body).toEqual({ LineAmount: item.body.LineAmount });
    const foreign = await api.call('GET', `${path}/${b!.lineIds[0]}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body['o:errorCode']).toBe('AR-7043');
    // Lines: only CustomerTransactionLineId is queryable; an unimplemented parameter on the child is REST-01002.
    expect((await api.call('GET', `${path}?q=${encodeURIComponent(`CustomerTransactionLineId=${lineId}`)}`)).body.count).toBe(1);
    expect((await api.call('GET', `${path}?q=LineNumber=1`)).status).toBe(400);
    const exp = await api.call('GET', `${path}?expand=all`);
    expect(exp.status).toBe(400);
    expect(exp.body['o:errorCode']).toBe('REST-01002');
  });

  it('installments: sequence order; PaymentDaysLate computed on read from the environment clock; LastUpdateDate not queryable', async () => {
    const inv = firstOf('past due');
    const path = `${INVOICES}/${inv.CustomerTransactionId}/child/receivablesInvoiceInstallments`;
    const before = await api.call('GET', path);
    const i0 = before.body.items[0];
    expect(i0.InstallmentStatus).toBe('OP');
    const today = '2026-03-15';
    const late = Math.round((Date.parse(today) - Date.parse(i0.InstallmentDueDate)) / 86_400_000);
    expect(i0.PaymentDaysLate).toBe(Math.max(0, late));
    expect(i0.PaymentDaysLate).toBeGreaterThan(0);
    await api.advanceClock(3 * 86_400_000);
    const after = await api.call('GET', path);
    await api.advanceClock(-3 * 86_400_000);
    expect(after.body.items[0].PaymentDaysLate).toBe(i0.PaymentDaysLate + 3);
    const paid = firstOf('fully paid');
    const closed = await api.call('GET', `${INVOICES}/${paid.CustomerTransactionId}/child/receivablesInvoiceInstallments`);
    expect(closed.body.items[0]).toMatchObject({ InstallmentStatus: 'CL', PaymentDaysLate: 0, InstallmentBalanceDue: 0 });
    expect(closed.body.items[0].InstallmentClosedDate).not.toBeNull();
    const multi = api.invoices((r) => r.installmentIds.length === 3)[0]!;
    const seqs = await api.call('GET', `${INVOICES}/${multi.CustomerTransactionId}/child/receivablesInvoiceInstallments`);
    expect(seqs.body.items.map((i: { InstallmentSequenceNumber: number }) => i.InstallmentSequenceNumber)).toEqual([1, 2, 3]);
    const one = await api.call('GET', `${INVOICES}/${multi.CustomerTransactionId}/child/receivablesInvoiceInstallments/${multi.installmentIds[1]}`);
    expect(one.body).toEqual(seqs.body.items[1]);
    expect((await api.call('GET', `${path}?q=${encodeURIComponent("LastUpdateDate > '2020-01-01'")}`)).status).toBe(400);
    expect((await api.call('GET', `${path}?q=PaymentDaysLate>0`)).body.count).toBe(1);
    expect((await api.call('GET', `${path}?orderBy=PaymentDaysLate`)).status).toBe(400);
  });

  it('PaymentDaysLate follows the environment clock set through the control API (spec 000 § Installment: computed on read)', async () => {
    const inv = firstOf('past due');
    const path = `${INVOICES}/${inv.CustomerTransactionId}/child/receivablesInvoiceInstallments`;
    const before = (await api.call('GET', path)).body.items[0];
    expect((await api.sim.admin('PUT', `/environments/${api.key}/clock`, { advanceDays: 10 })).status).toBe(200);
    try {
      await api.advanceClock(0); // tokens live 3600 s on the environment clock: take a fresh one
      const after = (await api.call('GET', path)).body.items[0];
      expect(after.PaymentDaysLate).toBe(before.PaymentDaysLate + 10);
      expect(after.LastUpdateDate).toBe(before.LastUpdateDate); // computed on read, nothing stored
    } finally {
      await api.sim.admin('PUT', `/environments/${api.key}/clock`, { advanceDays: -10 });
      await api.advanceClock(0);
    }
  });

  it('installment fields: adjusted and pending adjustment always 0; a dispute does not reduce the balance', async () => {
    const inv = firstOf('disputed');
    const res = await api.call('GET', `${INVOICES}/${inv.CustomerTransactionId}/child/receivablesInvoiceInstallments`);
    const i = res.body.items[0];
    expect(i.DisputeAmount).toBeGreaterThan(0);
    expect(i.DisputeAmount).toBeLessThan(i.OriginalAmount);
    expect(i.DisputeDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(i.InstallmentBalanceDue).toBe(i.OriginalAmount);
    expect(i.InstallmentAmountAdjusted).toBe(0);
    expect(i.PendingAdjustmentAmount).toBe(0);
  });

  it('support matrix: action/complete, approve, rework answer 404; per-installment writes are refused; line update/delete refused', async () => {
    const inv = firstOf('open');
    const path = `${INVOICES}/${inv.CustomerTransactionId}`;
    for (const a of ['complete', 'approve', 'rework']) {
      const r = await api.call('POST', `${path}/action/${a}`, {});
      expect(r.status, a).toBe(404);
    }
    expect((await api.call('POST', `${path}/child/receivablesInvoiceInstallments`, { OriginalAmount: 1 })).status).toBe(405);
    const instPath = `${path}/child/receivablesInvoiceInstallments/${inv.installmentIds[0]}`;
    expect((await api.call('PATCH', instPath, { OriginalAmount: 1 })).status).toBe(405);
    expect((await api.call('DELETE', instPath)).status).toBe(405);
    const linePath = `${path}/child/receivablesInvoiceLines/${inv.lineIds[0]}`;
    expect((await api.call('PATCH', linePath, { Quantity: 1 })).status).toBe(405);
    expect((await api.call('DELETE', linePath)).status).toBe(405);
    expect((await api.call('GET', `${path}/child/receivablesInvoiceDistributions`)).status).toBe(404);
  });

  it('finder: PrimaryKey;CustomerTransactionId only; any other finder is 400 naming it (spec 000 § Common query parameters, finder)', async () => {
    const inv = firstOf('open');
    const pk = await api.call('GET', `${INVOICES}?finder=${encodeURIComponent(`PrimaryKey;CustomerTransactionId=${inv.CustomerTransactionId}`)}`);
    expect(pk.status).toBe(200);
    expect(pk.body.items.map((i: { CustomerTransactionId: number }) => i.CustomerTransactionId)).toEqual([inv.CustomerTransactionId]);
    for (const name of ['InvoiceFinder', 'TransactionNumberFinder']) {
      const res = await api.call('GET', `${INVOICES}?finder=${name};TransactionNumber=${inv.TransactionNumber}`);
      expect(res.status, name).toBe(400);
      expect(res.body.detail).toContain(name);
    }
    const badVar = await api.call('GET', `${INVOICES}?finder=${encodeURIComponent('PrimaryKey;TransactionNumber=INV-1')}`);
    expect(badVar.status).toBe(400);
    expect(badVar.body.detail).toContain('TransactionNumber');
    // Lines: the PrimaryKey finder works within the parent invoice.
    const lines = `${INVOICES}/${inv.CustomerTransactionId}/child/receivablesInvoiceLines`;
    const line = await api.call('GET', `${lines}?finder=${encodeURIComponent(`PrimaryKey;CustomerTransactionLineId=${inv.lineIds[0]}`)}`);
    expect(line.body.items.map((l: { CustomerTransactionLineId: number }) => l.CustomerTransactionLineId)).toEqual([inv.lineIds[0]]);
  });

  it('expand of a child with no rows gives an empty array: an Incomplete invoice has no installments (spec 000 § envelope; Invoice status)', async () => {
    const inv = firstOf('incomplete');
    const res = await api.call('GET', `${INVOICES}/${inv.CustomerTransactionId}?expand=all`);
    expect(res.status).toBe(200);
    expect(res.body.receivablesInvoiceInstallments).toEqual([]);
    expect(res.body.receivablesInvoiceLines.length).toBeGreaterThan(0);
  });

  it('links: item self/canonical and child links; a child row links to its parent invoice with rel, href, name, kind (spec 000 § envelope)', async () => {
    const inv = firstOf('open');
    const href = `http://sim.test${api.base}${INVOICES}/${inv.CustomerTransactionId}`;
    const item = await api.call('GET', `${INVOICES}/${inv.CustomerTransactionId}`);
    expect(item.body.links).toEqual([
      { rel: 'self', href, name: 'receivablesInvoices', kind: 'item' },
      { rel: 'canonical', href, name: 'receivablesInvoices', kind: 'item' },
      { rel: 'child', href: `${href}/child/receivablesInvoiceLines`, name: 'receivablesInvoiceLines', kind: 'collection' },
      { rel: 'child', href: `${href}/child/receivablesInvoiceInstallments`, name: 'receivablesInvoiceInstallments', kind: 'collection' },
    ]);
    const inst = await api.call('GET', `${INVOICES}/${inv.CustomerTransactionId}/child/receivablesInvoiceInstallments`);
    expect(inst.body.links).toContainEqual({ rel: 'parent', href, name: 'receivablesInvoices', kind: 'item' });
    expect(inst.body.items[0].links).toContainEqual({ rel: 'parent', href, name: 'receivablesInvoices', kind: 'item' });
  });

  it('describe lists the queryable and updatable invoice attributes', async () => {
    const res = await api.call('GET', `${INVOICES}/describe`);
    expect(res.status).toBe(200);
    const attrs = res.body.Resources.receivablesInvoices.attributes as { name: string; queryable: boolean; updatable: boolean }[];
    expect(attrs.filter((a) => a.queryable).map((a) => a.name).sort()).toEqual(
      ['BillToPartyId', 'CustomerTransactionId', 'DeliveryMethod', 'Email', 'InvoiceBalanceAmount', 'InvoiceStatus', 'LastUpdateDate', 'TransactionNumber'],
    );
    expect(attrs.filter((a) => a.updatable).map((a) => a.name).sort()).toEqual(['InvoiceStatus', 'PaymentTerms', 'TransactionDate']);
  });

  it('a void and a paid invoice both show balance 0; only the paid one has AmountPaid', async () => {
    const v = firstOf('void');
    const p = firstOf('fully paid');
    const vi = await api.call('GET', `${INVOICES}/${v.CustomerTransactionId}?expand=receivablesInvoiceInstallments`);
    const pi = await api.call('GET', `${INVOICES}/${p.CustomerTransactionId}?expand=receivablesInvoiceInstallments`);
    expect(vi.body.InvoiceBalanceAmount).toBe(0);
    expect(pi.body.InvoiceBalanceAmount).toBe(0);
    expect(vi.body.receivablesInvoiceInstallments[0].AmountPaid).toBe(0);
    expect(vi.body.receivablesInvoiceInstallments[0].InstallmentAmountCredited).toBe(0);
    expect(pi.body.receivablesInvoiceInstallments[0].AmountPaid).toBe(pi.body.EnteredAmount);
  });
});

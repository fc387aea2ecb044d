// Issue 42 § Tests ("indexes and caches can be wrong silently"), for the replay lane
// (src/engine/replay/lane.ts): for random sequences of reads, writes, token changes and moves of
// the host and environment clocks (across token expiry, spec 000 § Limits: 3600 s; across midnight,
// spec 000 § Installment: PaymentDaysLate; across AutoMatch's due time, spec 000 § What the service
// does, rule 4), every read answered from the lane equals the answer the full path gives right
// after it, and a read that answered 200 is the lane's at its third sending.
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { createBody, INVOICES, openApi, REST, type Api } from '../receivables/invoices/helpers.ts';

let api: Api;
let paths: string[];
beforeAll(async () => {
  api = await openApi('2026-03-15T22:30:00.000Z');
  const late = api.invoices((r) => r.InvoiceStatus === 'Complete').slice(0, 3);
  paths = [
    `${INVOICES}?totalResults=true&limit=3`,
    `${INVOICES}?q=InvoiceStatus='Complete'&limit=2&orderBy=CustomerTransactionId:desc`,
    `${REST}/standardReceipts?limit=3&totalResults=true`,
    ...late.map((r) => `${INVOICES}/${r.CustomerTransactionId}?expand=receivablesInvoiceInstallments`),
  ];
});

type Op =
  | { op: 'read'; path: number }
  | { op: 'post' }
  | { op: 'patch'; path: number }
  | { op: 'receipt' }
  | { op: 'host'; ms: number }
  | { op: 'env'; minutes: number }
  | { op: 'token' };

const ops = fc.array(
  fc.oneof(
    { weight: 10, arbitrary: fc.record({ op: fc.constant('read' as const), path: fc.nat(20) }) },
    { weight: 1, arbitrary: fc.constant({ op: 'post' as const }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('patch' as const), path: fc.nat(20) }) },
    { weight: 1, arbitrary: fc.constant({ op: 'receipt' as const }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('host' as const), ms: fc.constantFrom(1_000, 6_000, 300_000, 1_800_000, 3_600_000) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('env' as const), minutes: fc.constantFrom(1, 90, 1440) }) },
    { weight: 1, arbitrary: fc.constant({ op: 'token' as const }) },
  ),
  { minLength: 5, maxLength: 25 },
);

let probe = 0;
async function run(op: Op): Promise<void> {
  switch (op.op) {
    case 'read': {
      // The same read three times (the third is the lane's when the first two answered 200: the
      // answer is kept at the second), then once off the lane: all four the same.
      const url = `${api.base}${paths[op.path % paths.length]}`;
      const h = { authorization: `Bearer ${api.token}` };
      const plain = [];
      let third = false;
      for (let i = 0; i < 3; i++) {
        const before = api.sim.engine.stats.replayed;
        const res = await api.sim.fetch(url, { headers: h });
        plain.push({ status: res.status, headers: [...res.headers], body: await res.text() });
        third = api.sim.engine.stats.replayed === before + 1;
        await api.sim.engine.journal?.recorded(api.key);
      }
      const res = await api.sim.fetch(url, { headers: { ...h, 'x-replay-probe': String(probe++) } });
      const full = { status: res.status, headers: [...res.headers], body: await res.text() };
      for (const p of plain) expect(p).toEqual(full);
      expect(third).toBe(full.status === 200);
      return;
    }
    case 'post':
      // 401 once the token has expired (a 'token' step takes a new one).
      expect([201, 401]).toContain((await api.call('POST', INVOICES, createBody())).status);
      return;
    case 'patch': {
      const row = api.invoices((r) => r.InvoiceStatus === 'Complete' || r.InvoiceStatus === 'Frozen')[op.path % 3];
      if (row) await api.call('PATCH', `${INVOICES}/${row.CustomerTransactionId}`, { InvoiceStatus: row.InvoiceStatus === 'Frozen' ? 'Complete' : 'Frozen' });
      return;
    }
    case 'receipt':
      await api.call('POST', `${REST}/standardReceipts`, { ReceiptMethod: 'Wire Transfer', BusinessUnit: 'US1 Business Unit', Amount: 5, Currency: 'USD', ReceiptDate: '2026-03-15', CustomerAccountNumber: '10010' });
      return;
    case 'host':
      api.sim.clock.now += op.ms;
      return;
    case 'env':
      expect((await api.sim.admin('PUT', `/environments/${api.key}/clock`, { advance: { minutes: op.minutes } })).status).toBe(200);
      return;
    case 'token':
      await api.advanceClock(0);
      return;
  }
}

it('a read answered from the lane always equals the full path’s answer at that moment, and a read answering 200 is the lane’s at its third sending', async () => {
  await fc.assert(
    fc.asyncProperty(ops, async (sequence) => {
      for (const op of sequence) await run(op);
    }),
    { numRuns: 60 },
  );
}, 120_000);

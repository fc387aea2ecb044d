/**
 * The clean-slate reset as a test suite meets it, over plain HTTP (issue 43 § 1: median < 20 ms on
 * both hosts): per round a new receivables environment gets what a test leaves behind (five journal
 * entries, a fault rule, a clock moved three days), then `POST …/reset {"scope":"all"}` is timed,
 * then a reset with nothing to clear, then `{"scope":"data"}`, then `{"scope":"all"}` after a test
 * that wrote (a receipt posted: the kinds it changed are written again, the others left alone). Self-contained (no imports, no
 * closures) so the same function runs in Node against the CLI host and inside a page through the
 * service worker (`page.evaluate`).
 */
export const resetCycle = async ([origin, rounds]: [string, number]): Promise<Record<'dirty' | 'clean' | 'data' | 'wrote', number[]>> => {
  const out: Record<'dirty' | 'clean' | 'data' | 'wrote', number[]> = { dirty: [], clean: [], data: [], wrote: [] };
  const json = { 'content-type': 'application/json' };
  const admin = async (path: string, body?: unknown, method = 'POST') => {
    const res = await fetch(`${origin}/sim/_admin${path}`, { method, headers: json, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const timed = async (samples: number[], path: string, scope: string) => {
    const t = performance.now();
    await admin(path, { scope });
    samples.push(performance.now() - t);
  };
  for (let i = 0; i < rounds + 3; i++) {
    const env = await admin('/environments', { product: 'receivables' });
    const client = env.credentials.oauthClients[0];
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId, client_secret: client.clientSecret });
    const token = (await (await fetch(`${origin}/sim/${env.key}/oauth/token`, { method: 'POST', body: form })).json()).access_token;
    for (let n = 0; n < 5; n++) await (await fetch(`${origin}/sim/${env.key}/fscmRestApi/resources/11.13.18.05/receivablesInvoices?limit=1`, { headers: { authorization: `Bearer ${token}` } })).text();
    await admin(`/environments/${env.key}/faults`, { kind: 'status', status: 503, path: '*/standardReceipts', count: 1 });
    await admin(`/environments/${env.key}/clock`, { advance: { days: 3 } }, 'PUT');
    // The first three rounds warm the code up and are not kept.
    const keep = i >= 3;
    await timed(keep ? out.dirty : [], `/environments/${env.key}/reset`, 'all');
    await timed(keep ? out.clean : [], `/environments/${env.key}/reset`, 'all');
    await timed(keep ? out.data : [], `/environments/${env.key}/reset`, 'data');
    const receipt = { ReceiptNumber: `B-${i}`, ReceiptMethod: 'Check', BusinessUnit: 'US1 Business Unit', Amount: 125.5, Currency: 'USD', ReceiptDate: new Date().toISOString().slice(0, 10), CustomerAccountNumber: '10010' };
    const posted = await fetch(`${origin}/sim/${env.key}/fscmRestApi/resources/11.13.18.05/standardReceipts`, { method: 'POST', headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify(receipt) });
    if (posted.status !== 201) throw new Error(`POST standardReceipts: ${posted.status} ${await posted.text()}`);
    await timed(keep ? out.wrote : [], `/environments/${env.key}/reset`, 'all');
  }
  return out;
};

export const RESET_ROWS = {
  dirty: 'reset {"scope":"all"} after a test (journal, fault rule, clock moved)',
  clean: 'reset {"scope":"all"} with nothing to clear',
  data: 'reset {"scope":"data"} (data only)',
  wrote: 'reset {"scope":"all"} after a test that posted a receipt',
} as const;

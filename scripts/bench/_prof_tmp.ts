import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createEngine, openDatabase } from '../../src/engine/index.ts';
const ORIGIN = 'http://bench.local';
const engine = await createEngine({ db: openDatabase(`p-${Date.now()}`, new IDBFactory(), IDBKeyRange), pbkdf2Iterations: 1000 });
const res = await engine.handle(new Request(`${ORIGIN}/sim/_admin/environments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product: 'odata' }) }));
const body = await res.json() as any;
const u = body.credentials.apiUsers[0];
const auth = `Basic ${Buffer.from(`${u.username}:${u.password}`).toString('base64')}`;
const base = `${ORIGIN}/sim/${body.key}/odata/Priority/tabula.ini/demo`;
const one = async () => { const r = await engine.handle(new Request(`${base}/CUSTOMERS('C1001')`, { headers: { authorization: auth } })); await r.text(); };
const bb = JSON.stringify({ requests: Array.from({ length: 100 }, (_, i) => ({ id: String(i), method: 'GET', url: "CUSTOMERS('C1001')" })) });
const batch = async () => { const r = await engine.handle(new Request(`${base}/$batch`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: bb })); await r.text(); };
for (let i = 0; i < 200; i++) { await one(); await batch(); }
let t = performance.now(); for (let i = 0; i < 500; i++) await one(); const a = (performance.now() - t) / 500;
t = performance.now(); for (let i = 0; i < 100; i++) await batch(); const b = (performance.now() - t) / 100;
console.log({ one: a, batch: b, ratio: b / a });

/**
 * Invoice test harness: an engine over fake IndexedDB with the receivables product (seeded book),
 * a bearer token from the product's own token endpoint, and JSON request helpers.
 */
import { KIND, type InvoiceRow } from '../../../src/engine/products/receivables/book/records.ts';
import { createEnv, createTestSim, type TestSim } from '../../support/sim.ts';

export const REST = '/fscmRestApi/resources/11.13.18.05';
export const INVOICES = `${REST}/receivablesInvoices`;
export const SCOPE = 'urn:opc:resource:consumer::all';

export interface Api {
  sim: TestSim;
  base: string;
  key: string;
  token: string;
  /** JSON request to a path under the environment base; returns status, headers and parsed body. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>; // any: JSON payloads under test
  /** Seeded invoice rows (from the store) matching a predicate. */
  invoices(pred?: (r: InvoiceRow) => boolean): InvoiceRow[];
  /** Move the host clock and take a fresh token (tokens live 3600 s on the environment clock). */
  advanceClock(ms: number): Promise<void>;
}

export async function openApi(now?: string, simOptions: { warmBeforeGenerate?: boolean } = {}): Promise<Api> {
  const sim = await createTestSim({ now, ...simOptions });
  const env = await createEnv(sim, 'receivables');
  const client = env.credentials.oauthClients[0];
  const fetchToken = async () => {
    const res = await sim.fetch(`${env.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE, client_id: client.clientId, client_secret: client.clientSecret }).toString(),
    });
    if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  let token = await fetchToken();
  const call: Api['call'] = async (method, path, body, headers = {}) => {
    const r = await sim.fetch(`${env.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await r.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: r.status, body: parsed, headers: r.headers };
  };
  const cache = await sim.engine.store.data(env.key);
  const invoices: Api['invoices'] = (pred) => cache.list<InvoiceRow>(KIND.invoice).filter(pred ?? (() => true));
  const advanceClock = async (ms: number) => {
    sim.clock.now += ms;
    token = await fetchToken();
  };
  return { sim, base: env.base, key: env.key, get token() { return token; }, call, invoices, advanceClock };
}

/** A valid create body for a seeded customer. */
export function createBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    BusinessUnit: 'US1 Business Unit',
    TransactionType: 'Invoice',
    TransactionSource: 'Manual',
    BillToCustomerNumber: '10010',
    InvoiceCurrencyCode: 'USD',
    receivablesInvoiceLines: [
      { Description: 'Hydraulic pump assembly HP-200', Quantity: 2, UnitSellingPrice: 450.25 },
      { Description: 'Freight and handling', Quantity: 1, UnitSellingPrice: 75 },
    ],
    ...over,
  };
}

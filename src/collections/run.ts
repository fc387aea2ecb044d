/**
 * Running a collection (issue 24 § 3): its requests in order against one environment, each signed as
 * the console signs it, its variables filled (captured values first, then the environment's own, its
 * built-ins, the collection's), its checks run on the answer and its captures kept for the requests
 * after it. The same function runs in the playground (the page's fetch) and in the Node host's CLI
 * (the engine's handle, or a running host over HTTP): only `fetch` and the credentials differ.
 */
import { capture, checkLabel, runCheck, type Answer } from './checks.ts';
import { substitute, variablesIn } from './variables.ts';
import { requestsInOrder, type Collection, type CollectionRequest, type ItemRequest, type Product, type RunReport, type RunStep } from './types.ts';

export const CONSUMER_SCOPE = 'urn:opc:resource:consumer::all';

export interface RunCredentials {
  clients: { clientId: string; clientSecret: string; privileges: string[] }[];
  soapUser?: { username: string; password: string };
  apiUser?: { username: string; password: string };
  pat?: string;
}

export interface RunTarget {
  product: Product;
  /** Absolute base URL of the environment (`…/sim/env_…`). */
  baseUrl: string;
  /** Its name, for the report. */
  environment: string;
  credentials: RunCredentials;
  /** The environment's own variables. */
  variables: Record<string, string>;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Headers marking the runner's requests and its token requests (the playground's source header). */
  mark?: { request?: Record<string, string>; token?: Record<string, string> };
  /** Told after each request. */
  onStep?: (step: RunStep, index: number, total: number) => void;
}

const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));

/** The client holding exactly `privileges`, else the one holding the most. */
function clientFor(creds: RunCredentials, privileges?: readonly string[]) {
  const want = privileges ? [...privileges].sort().join(',') : undefined;
  const exact = want !== undefined ? creds.clients.find((c) => [...c.privileges].sort().join(',') === want) : undefined;
  return exact ?? [...creds.clients].sort((a, b) => b.privileges.length - a.privileges.length)[0];
}

/** Signs requests for one run: one token per client, fetched when first needed. */
class Signer {
  private readonly tokens = new Map<string, Promise<string>>();
  constructor(private readonly t: RunTarget) {}

  token(privileges?: readonly string[]): Promise<string> {
    const client = clientFor(this.t.credentials, privileges);
    if (!client) return Promise.reject(new Error('No OAuth client to sign with: the environment has none this run may use.'));
    let token = this.tokens.get(client.clientId);
    if (!token) {
      token = this.fetchToken(client);
      token.catch(() => this.tokens.delete(client.clientId));
      this.tokens.set(client.clientId, token);
    }
    return token;
  }

  private async fetchToken(client: { clientId: string; clientSecret: string }): Promise<string> {
    const res = await this.t.fetch(`${this.t.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...this.t.mark?.token },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: CONSUMER_SCOPE, client_id: client.clientId, client_secret: client.clientSecret }).toString(),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; error?: string };
    if (res.status !== 200 || !body.access_token) throw new Error(`The token request failed (${res.status}${body.error ? ` ${body.error}` : ''}).`);
    return body.access_token;
  }

  async authorization(r: ItemRequest): Promise<string | null> {
    const c = this.t.credentials;
    switch (r.auth) {
      case 'bearer':
        return `Bearer ${await this.token(r.privileges)}`;
      case 'basic':
        if (!c.apiUser) throw new Error('No API user to sign with.');
        return `Basic ${b64(`${c.apiUser.username}:${c.apiUser.password}`)}`;
      case 'pat':
        if (!c.pat) throw new Error('No personal access token to sign with.');
        return `Basic ${b64(`${c.pat}:PAT`)}`;
      default:
        return null;
    }
  }
}

/** The built-in variables' values for a target (the token only when a request uses it). */
async function builtIn(t: RunTarget, signer: Signer, name: string): Promise<string | undefined> {
  const c = t.credentials;
  const best = clientFor(c);
  const user = t.product === 'odata' ? c.apiUser : undefined;
  switch (name) {
    case 'baseUrl':
      return t.baseUrl;
    case 'clientId':
      return best?.clientId;
    case 'clientSecret':
      return best?.clientSecret;
    case 'soapUser':
      return c.soapUser?.username;
    case 'soapPassword':
      return c.soapUser?.password;
    case 'username':
      return user?.username;
    case 'password':
      return user?.password;
    case 'token':
      return t.product === 'odata' ? c.pat : signer.token();
    default:
      return undefined;
  }
}

/** The request with its variables filled, its Authorization and Content-Type added as the console adds them. */
async function prepare(t: RunTarget, signer: Signer, item: CollectionRequest, scope: Map<string, string>, collectionVars: Record<string, string>) {
  const r = item.request;
  const expected = item.checks.flatMap((c) => (c.kind !== 'status' && c.equals !== undefined ? [c.equals] : []));
  const texts = [r.path, r.body, ...r.headers.flatMap((h) => [h.name, h.value]), ...expected].join('\n');
  const values = new Map<string, string>();
  for (const name of variablesIn(texts, t.product)) {
    const v = scope.get(name) ?? t.variables[name] ?? (await builtIn(t, signer, name)) ?? collectionVars[name];
    if (v !== undefined) values.set(name, v);
  }
  const fill = (s: string) => substitute(s, t.product, (n) => values.get(n));
  const path = fill(r.path);
  const url = /^https?:\/\//i.test(path) ? path : `${t.baseUrl}${path === '' || path.startsWith('/') || path.startsWith('?') ? path : `/${path}`}`;
  const named = r.headers.filter((h) => h.name.trim());
  const has = (n: string) => named.some((h) => h.name.trim().toLowerCase() === n);
  const headers = new Headers(t.mark?.request);
  for (const h of named) if (h.value.trim()) headers.append(h.name.trim(), fill(h.value));
  if (!has('authorization')) {
    const auth = await signer.authorization(r);
    if (auth) headers.set('authorization', auth);
  }
  const sendsBody = !['GET', 'HEAD'].includes(r.method.toUpperCase()) && r.body !== '';
  const body = sendsBody ? fill(r.body) : undefined;
  if (body !== undefined && body.trim() && !has('content-type')) headers.set('content-type', body.trimStart().startsWith('<') ? 'text/xml; charset=utf-8' : 'application/json');
  // A check compares with its expected text's variables filled in too (`equals {{memoNumber}}`).
  const checks = item.checks.map((c) => (c.kind !== 'status' && c.equals !== undefined ? { ...c, equals: fill(c.equals) } : c));
  return { url, checks, init: { method: r.method.toUpperCase(), headers, body: body === undefined ? undefined : new TextEncoder().encode(body) } satisfies RequestInit };
}

async function step(t: RunTarget, signer: Signer, item: CollectionRequest, folders: string[], scope: Map<string, string>, collectionVars: Record<string, string>): Promise<RunStep> {
  const base: RunStep = { id: item.id, name: item.name, folders, method: item.request.method.toUpperCase(), url: item.request.path, status: 0, ms: 0, checks: [], captured: {} };
  let answer: Answer;
  let checks = item.checks;
  const started = performance.now();
  try {
    const prepared = await prepare(t, signer, item, scope, collectionVars);
    const { url, init } = prepared;
    checks = prepared.checks;
    base.url = url;
    const res = await t.fetch(url, init);
    answer = { status: res.status, headers: [...res.headers.entries()], body: await res.text() };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    return { ...base, ms: Math.round(performance.now() - started), error, checks: item.checks.map((c) => ({ ...runCheck(c, { status: 0, headers: [], body: '' }), pass: false, detail: 'no answer' })) };
  }
  const captured = capture(item.captures, answer);
  for (const [k, v] of Object.entries(captured)) scope.set(k, v);
  // Labels say what was written (`equals {{memoNumber}}`); the comparison used the value.
  return { ...base, status: answer.status, ms: Math.round(performance.now() - started), checks: checks.map((c, i) => ({ ...runCheck(c, answer), label: checkLabel(item.checks[i] ?? c) })), captured };
}

/** Run a collection, or only the requests named by id (in collection order). */
export async function runCollection(c: Collection, t: RunTarget, only?: readonly string[]): Promise<RunReport> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const signer = new Signer(t);
  const scope = new Map<string, string>();
  const collectionVars = Object.fromEntries(c.variables.map((v) => [v.name, v.value]));
  const list = requestsInOrder(c.items).filter((x) => !only || only.includes(x.item.id));
  const steps: RunStep[] = [];
  for (const [i, { item, folders }] of list.entries()) {
    const s = await step(t, signer, item, folders, scope, collectionVars);
    steps.push(s);
    t.onStep?.(s, i, list.length);
  }
  const passed = steps.reduce((n, s) => n + s.checks.filter((x) => x.pass).length, 0);
  const failed = steps.reduce((n, s) => n + s.checks.filter((x) => !x.pass).length + (s.error && s.checks.length === 0 ? 1 : 0), 0);
  return { collection: c.name, environment: t.environment, startedAt, ms: Math.round(performance.now() - started), steps, passed, failed };
}

/** The report as text lines (the CLI prints them; the playground offers them to copy). */
export function reportLines(r: RunReport): string[] {
  const lines = [`${r.collection} against ${r.environment}: ${r.passed} passed, ${r.failed} failed (${r.steps.length} requests, ${r.ms} ms)`];
  for (const s of r.steps) {
    const where = [...s.folders, s.name].join(' / ');
    lines.push(`${s.error ? '✗' : s.checks.every((c) => c.pass) ? '✓' : '✗'} ${where}: ${s.method} ${s.url} → ${s.error ? s.error : `${s.status} in ${s.ms} ms`}`);
    for (const c of s.checks) lines.push(`    ${c.pass ? 'pass' : 'FAIL'}  ${c.label}${c.detail && !c.pass ? ` (${c.detail})` : ''}`);
    for (const [k, v] of Object.entries(s.captured)) lines.push(`    set   {{${k}}} = ${v.length > 80 ? `${v.slice(0, 80)}…` : v}`);
  }
  return lines;
}

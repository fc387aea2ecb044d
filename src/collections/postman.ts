/**
 * Collections as Postman collection v2.1 files (issue 24 § 3), both ways. The export runs in Postman
 * or Newman as it is: `{{variables}}` stay variables (secrets empty: the simulator shows them once),
 * receivables requests get a client-credentials token into `{{token}}` from a collection pre-request
 * script, and each request's checks and captures become `pm.test` and `pm.collectionVariables.set`
 * lines. One comment line per request (`// erp-sim: {...}`) carries what Postman has no field for
 * (console auth mode, privileges, checks, captures), so an exported file imports back exactly; a
 * collection made in Postman imports from its own fields (status tests become status checks).
 */
import { parsePath } from './json-path.ts';
import { BUILT_IN, canonical } from './variables.ts';
import { newId, type AuthMode, type Capture, type Check, type Collection, type CollectionItem, type CollectionRequest, type HeaderRow, type ItemRequest, type Product } from './types.ts';

type Json = Record<string, unknown>;

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const MARK = '// erp-sim: ';
const PRODUCT_VARIABLE = 'erpSimProduct';
const SCOPE = 'urn:opc:resource:consumer::all';

/** The collection pre-request script: a token for bearer requests when {{token}} is empty (Postman, Newman). */
const TOKEN_SCRIPT = [
  '// ERP integration simulator: a client-credentials token into {{token}} when it is empty (fill clientId and clientSecret).',
  "if (!pm.collectionVariables.get('token') && pm.request.auth && pm.request.auth.type === 'bearer') {",
  '  pm.sendRequest({',
  "    url: pm.collectionVariables.replaceIn('{{baseUrl}}/oauth/token'),",
  "    method: 'POST',",
  "    header: { 'Content-Type': 'application/x-www-form-urlencoded' },",
  `    body: { mode: 'urlencoded', urlencoded: [{ key: 'grant_type', value: 'client_credentials' }, { key: 'scope', value: '${SCOPE}' }, { key: 'client_id', value: pm.collectionVariables.get('clientId') }, { key: 'client_secret', value: pm.collectionVariables.get('clientSecret') }] }`,
  '  }, function (err, res) {',
  "    if (!err && res.code === 200) pm.collectionVariables.set('token', res.json().access_token);",
  '  });',
  '}',
];

/** A JSON path as the steps a generated script walks (checked when the check was made). */
const stepsOf = (path: string) => JSON.stringify(parsePath(path) ?? []);
const AT =
  'function erpSimAt(o, steps) { return steps.reduce(function (x, k) { if (x === null || typeof x !== "object") return undefined; if (typeof k === "number") return Array.isArray(x) ? x[k < 0 ? x.length + k : k] : undefined; return Object.prototype.hasOwnProperty.call(x, k) ? x[k] : undefined; }, o); }';
const TEXT = 'function erpSimText(v) { return typeof v === "string" ? v : JSON.stringify(v); }';

function checkScript(c: Check): string {
  const q = JSON.stringify;
  switch (c.kind) {
    case 'status':
      return `pm.test(${q(`status is ${c.equals}`)}, function () { pm.response.to.have.status(${c.equals}); });`;
    case 'header':
      return c.equals === undefined
        ? `pm.test(${q(`header ${c.name} is present`)}, function () { pm.response.to.have.header(${q(c.name)}); });`
        : `pm.test(${q(`header ${c.name} equals ${c.equals}`)}, function () { pm.expect(pm.response.headers.get(${q(c.name)})).to.eql(pm.variables.replaceIn(${q(c.equals)})); });`;
    case 'json':
      return c.equals === undefined
        ? `pm.test(${q(`${c.path} exists`)}, function () { pm.expect(erpSimAt(pm.response.json(), ${stepsOf(c.path)})).to.not.equal(undefined); });`
        : `pm.test(${q(`${c.path} equals ${c.equals}`)}, function () { pm.expect(erpSimText(erpSimAt(pm.response.json(), ${stepsOf(c.path)}))).to.eql(pm.variables.replaceIn(${q(c.equals)})); });`;
  }
}

function captureScript(c: Capture): string {
  const q = JSON.stringify;
  const from = c.from.trim();
  const value = /^header:/i.test(from) ? `pm.response.headers.get(${q(from.slice(7).trim())})` : `erpSimAt(pm.response.json(), ${stepsOf(from)})`;
  return `(function () { var v = ${value}; if (v !== undefined && v !== null) pm.collectionVariables.set(${q(c.name)}, erpSimText(v)); })();`;
}

function urlOf(path: string, product: Product): Json {
  const text = canonical(path, product);
  if (/^https?:\/\//i.test(text)) return { raw: text };
  const rel = text === '' || text.startsWith('/') || text.startsWith('?') ? text : `/${text}`;
  const [p = '', q] = rel.split('?', 2) as [string, string | undefined];
  const out: Json = { raw: `{{baseUrl}}${rel}`, host: ['{{baseUrl}}'], path: p.replace(/^\//, '').split('/') };
  if (q !== undefined) {
    out.query = q.split('&').map((pair) => {
      const i = pair.indexOf('=');
      return i < 0 ? { key: pair, value: null } : { key: pair.slice(0, i), value: pair.slice(i + 1) };
    });
  }
  return out;
}

function authOf(r: ItemRequest): Json | undefined {
  switch (r.auth) {
    case 'bearer':
    case 'basic':
      return undefined; // the collection's own auth
    case 'pat':
      return { type: 'basic', basic: [{ key: 'username', value: '{{token}}', type: 'string' }, { key: 'password', value: 'PAT', type: 'string' }] };
    default:
      return { type: 'noauth' }; // none, or WS-Security inside the SOAP envelope
  }
}

function language(r: ItemRequest): string {
  const type = r.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  if (/xml/i.test(type) || r.body.trimStart().startsWith('<')) return 'xml';
  if (/json/i.test(type) || /^\s*[[{]/.test(r.body)) return 'json';
  return 'text';
}

function requestItem(item: CollectionRequest, product: Product): Json {
  const r = item.request;
  const request: Json = {
    method: r.method.toUpperCase(),
    // A header with an empty value is one the console leaves out on purpose: disabled in Postman.
    header: r.headers.filter((h) => h.name.trim()).map((h) => (h.value.trim() ? { key: h.name, value: canonical(h.value, product) } : { key: h.name, value: '', disabled: true })),
    url: urlOf(r.path, product),
  };
  if (r.body !== '') request.body = { mode: 'raw', raw: canonical(r.body, product), options: { raw: { language: language(r) } } };
  const auth = authOf(r);
  if (auth) request.auth = auth;
  const meta = { auth: r.auth, ...(r.privileges ? { privileges: r.privileges } : {}), checks: item.checks, captures: item.captures };
  const exec = [MARK + JSON.stringify(meta), AT, TEXT, ...item.checks.map(checkScript), ...item.captures.map(captureScript)];
  return { name: item.name, request, event: [{ listen: 'test', script: { type: 'text/javascript', exec } }] };
}

function itemsOf(items: readonly CollectionItem[], product: Product): Json[] {
  return items.map((i) => (i.type === 'folder' ? { name: i.name, item: itemsOf(i.items, product) } : requestItem(i, product)));
}

export function toPostman(c: Collection): Json {
  const builtIns = BUILT_IN[c.product].map((key) => ({ key, value: '', type: 'string' }));
  return {
    info: {
      _postman_id: c.id,
      name: c.name,
      description: `ERP integration simulator collection (${c.product}). Set baseUrl to an environment (http://127.0.0.1:8787/sim/<key> with npm run serve) and fill ${c.product === 'receivables' ? 'clientId and clientSecret' : 'username and password'} (shown once when they were created). Run it here or with: npm run serve -- --run-collection <this file>.`,
      schema: POSTMAN_SCHEMA,
    },
    auth:
      c.product === 'receivables'
        ? { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] }
        : { type: 'basic', basic: [{ key: 'username', value: '{{username}}', type: 'string' }, { key: 'password', value: '{{password}}', type: 'string' }] },
    ...(c.product === 'receivables' ? { event: [{ listen: 'prerequest', script: { type: 'text/javascript', exec: TOKEN_SCRIPT } }] } : {}),
    variable: [{ key: PRODUCT_VARIABLE, value: c.product, type: 'string' }, ...builtIns, ...c.variables.filter((v) => !BUILT_IN[c.product].includes(v.name)).map((v) => ({ key: v.name, value: v.value, type: 'string' }))],
    item: itemsOf(c.items, c.product),
  };
}

// ---- import ----

const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

export class PostmanImportError extends Error {}

function rawUrl(u: unknown): string {
  if (typeof u === 'string') return u;
  const o = obj(u);
  if (!o) return '';
  if (typeof o.raw === 'string') return o.raw;
  const host = arr(o.host).map(str).join('.');
  const path = arr(o.path).map(str).join('/');
  const query = arr(o.query).map((x) => obj(x)).filter((x): x is Json => !!x && !x.disabled).map((x) => (x.value === null || x.value === undefined ? str(x.key) : `${str(x.key)}=${str(x.value)}`));
  const protocol = typeof o.protocol === 'string' && o.protocol ? `${o.protocol}://` : '';
  const port = typeof o.port === 'string' && o.port ? `:${o.port}` : '';
  return `${protocol}${host}${port}${path ? `/${path}` : ''}${query.length ? `?${query.join('&')}` : ''}`;
}

function pathOf(raw: string): string {
  const m = /^\{\{\s*baseUrl\s*\}\}(.*)$/.exec(raw.trim());
  return m ? (m[1] as string) : raw.trim();
}

function bodyOf(b: unknown, headers: HeaderRow[]): string {
  const o = obj(b);
  if (!o) return '';
  if (o.mode === 'raw') return str(o.raw);
  if (o.mode === 'urlencoded') {
    if (!headers.some((h) => h.name.toLowerCase() === 'content-type')) headers.push({ name: 'Content-Type', value: 'application/x-www-form-urlencoded' });
    return arr(o.urlencoded)
      .map((x) => obj(x))
      .filter((x): x is Json => !!x && !x.disabled)
      .map((x) => `${encodeURIComponent(str(x.key))}=${/\{\{/.test(str(x.value)) ? str(x.value) : encodeURIComponent(str(x.value))}`)
      .join('&');
  }
  if (o.mode === 'graphql' || o.mode === 'formdata' || o.mode === 'file') throw new PostmanImportError(`A request body in ${String(o.mode)} mode cannot be imported: the simulator's services take JSON, XML or form-encoded bodies.`);
  return '';
}

interface Meta {
  auth?: AuthMode;
  privileges?: string[];
  checks?: Check[];
  captures?: Capture[];
}

function metaOf(events: unknown): { meta: Meta | null; statuses: number[] } {
  const lines = arr(events)
    .map((e) => obj(e))
    .filter((e): e is Json => !!e && e.listen === 'test')
    .flatMap((e) => {
      const exec = obj(e.script)?.exec;
      return typeof exec === 'string' ? exec.split('\n') : arr(exec).map(str);
    });
  const mark = lines.find((l) => l.startsWith(MARK));
  let meta: Meta | null = null;
  if (mark) {
    try {
      meta = obj(JSON.parse(mark.slice(MARK.length))) as Meta | null;
    } catch {
      meta = null;
    }
  }
  const statuses = lines.flatMap((l) => [...l.matchAll(/to\.have\.status\((\d{3})\)|response\.code\)\.to\.(?:eql|equal)\((\d{3})\)/g)].map((m) => Number(m[1] ?? m[2])));
  return { meta, statuses };
}

const AUTHS: readonly AuthMode[] = ['bearer', 'basic', 'pat', 'soap', 'none'];

function authFrom(a: unknown, inherited: AuthMode, path: string): AuthMode {
  const o = obj(a);
  if (!o) return /fscmService\//.test(path) ? 'soap' : inherited;
  if (o.type === 'noauth') return /fscmService\//.test(path) ? 'soap' : 'none';
  if (o.type === 'bearer' || o.type === 'oauth2') return 'bearer';
  if (o.type === 'basic') {
    const password = arr(o.basic).map((x) => obj(x)).find((x) => x?.key === 'password')?.value;
    return password === 'PAT' ? 'pat' : 'basic';
  }
  return inherited;
}

function importItems(list: unknown[], product: Product, inherited: AuthMode, depth: number): CollectionItem[] {
  if (depth > 20) throw new PostmanImportError('Folders nest more than 20 deep.');
  return list.map((raw, i): CollectionItem => {
    const o = obj(raw);
    if (!o) throw new PostmanImportError(`Item ${i + 1} is not an object.`);
    const name = str(o.name) || `Item ${i + 1}`;
    if (Array.isArray(o.item)) {
      const auth = obj(o.auth) ? authFrom(o.auth, inherited, '') : inherited;
      return { type: 'folder', id: newId(), name, items: importItems(o.item, product, auth, depth + 1) };
    }
    const req = obj(o.request) ?? (typeof o.request === 'string' ? { url: o.request, method: 'GET' } : undefined);
    if (!req) throw new PostmanImportError(`"${name}" has neither a request nor items.`);
    const headers: HeaderRow[] = arr(req.header)
      .map((h) => obj(h))
      .filter((h): h is Json => !!h)
      .map((h) => ({ name: str(h.key), value: h.disabled ? '' : str(h.value) }));
    const path = pathOf(rawUrl(req.url));
    const body = bodyOf(req.body, headers);
    const { meta, statuses } = metaOf(o.event);
    const auth = meta?.auth && AUTHS.includes(meta.auth) ? meta.auth : authFrom(req.auth, inherited, path);
    const request: ItemRequest = { method: (str(req.method) || 'GET').toUpperCase(), path, headers, body, auth, ...(meta?.privileges ? { privileges: meta.privileges } : {}) };
    const checks: Check[] = meta?.checks ?? statuses.slice(0, 1).map((equals) => ({ kind: 'status', equals }));
    return { type: 'request', id: newId(), name, request, checks, captures: meta?.captures ?? [] };
  });
}

/** A Postman collection (v2.1, or v2.0 which has the same shape) as a collection of the product it names. */
export function fromPostman(doc: unknown, fallbackProduct?: Product): Collection {
  const o = obj(doc);
  const info = obj(o?.info);
  if (!o || !info || !Array.isArray(o.item)) throw new PostmanImportError('This is not a Postman collection: it needs "info" and "item".');
  const schema = str(info.schema);
  if (!/collection\/v2\.[01]\.\d+\/collection\.json/.test(schema)) throw new PostmanImportError(`Only Postman collection format v2.1 (or v2.0) can be imported${schema ? `, not ${schema}` : ''}.`);
  const vars = arr(o.variable).map((v) => obj(v)).filter((v): v is Json => !!v && typeof v.key === 'string');
  const named = str(vars.find((v) => v.key === PRODUCT_VARIABLE)?.value);
  const guessed: Product = /\/odata\/|"odata"/.test(JSON.stringify(o.item)) ? 'odata' : 'receivables';
  const product: Product = named === 'receivables' || named === 'odata' ? named : (fallbackProduct ?? guessed);
  const inherited = authFrom(o.auth, product === 'odata' ? 'basic' : 'bearer', '');
  const variables = vars
    .filter((v) => v.key !== PRODUCT_VARIABLE && !BUILT_IN[product].includes(str(v.key)) && str(v.value) !== '')
    .map((v) => ({ name: str(v.key), value: str(v.value) }));
  return { id: str(info._postman_id) || newId(), name: str(info.name) || 'Imported collection', product, items: importItems(o.item, product, inherited, 0), variables, updatedAt: new Date().toISOString() };
}

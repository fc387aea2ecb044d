/**
 * A Postman collection (format v2.1) of the console's ready requests for one environment (issue 12
 * § 4): the product catalog's examples, folder per group, the environment's base URL and its
 * credentials as collection variables (secrets left empty: the simulator shows them once), and a
 * test per request checking the status it answers on a fresh environment.
 */
import type { ExampleRequest, ProductCatalog, ProductId } from '../core/types.ts';

type Json = Record<string, unknown>;

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/**
 * The console's variables as this collection's: the SOAP user is `username`/`password` here, and an
 * old single-brace placeholder (`{clientId}`) becomes a Postman variable (`{{clientId}}`).
 */
const variables = (text: string) =>
  text
    .replace(/\{\{\s*soapUser\s*\}\}/g, '{{username}}')
    .replace(/\{\{\s*soapPassword\s*\}\}/g, '{{password}}')
    .replace(/(?<!\{)\{(clientId|clientSecret|username|password)\}(?!\})/g, '{{$1}}');

function url(path: string): Json {
  const [p = '', q] = variables(path).split('?', 2) as [string, string | undefined];
  const out: Json = { raw: `{{baseUrl}}${variables(path)}`, host: ['{{baseUrl}}'], path: p.replace(/^\//, '').split('/') };
  if (q) {
    out.query = q.split('&').map((pair) => {
      const i = pair.indexOf('=');
      return i < 0 ? { key: pair, value: null } : { key: pair.slice(0, i), value: pair.slice(i + 1) };
    });
  }
  return out;
}

function auth(e: ExampleRequest, product: ProductId): Json | undefined {
  switch (e.auth) {
    case 'none':
    case 'soap': // WS-Security travels inside the envelope
      return { type: 'noauth' };
    case 'pat':
      return { type: 'basic', basic: [{ key: 'username', value: '{{pat}}', type: 'string' }, { key: 'password', value: 'PAT', type: 'string' }] };
    case 'bearer':
      // A request signed by a client without receipt privileges (to show a 403) uses that client's token.
      if (e.privileges && e.privileges.length === 0) return { type: 'bearer', bearer: [{ key: 'token', value: '{{accessTokenNoPrivileges}}', type: 'string' }] };
      return undefined; // the collection's bearer auth
    default:
      return product === 'odata' ? undefined : { type: 'basic', basic: [{ key: 'username', value: '{{username}}', type: 'string' }, { key: 'password', value: '{{password}}', type: 'string' }] };
  }
}

function item(e: ExampleRequest, product: ProductId): Json {
  const headers = Object.entries(e.headers ?? {}).map(([key, value]) => ({ key, value: variables(value) }));
  const isToken = product === 'receivables' && e.method === 'POST' && e.path.split('?')[0] === '/oauth/token' && e.expectStatus === 200;
  const tests = [
    ...(e.expectStatus ? [`pm.test('answers ${e.expectStatus} on a fresh environment', function () { pm.response.to.have.status(${e.expectStatus}); });`] : []),
    // A successful token request keeps the token for the requests that follow.
    ...(isToken ? ["if (pm.response.code === 200) { pm.collectionVariables.set('accessToken', pm.response.json().access_token); }"] : []),
  ];
  const request: Json = { method: e.method, header: headers, url: url(e.path), description: `Console example ${e.id}.` };
  if (e.body !== undefined) {
    const language = /xml/i.test(e.headers?.['content-type'] ?? e.headers?.['Content-Type'] ?? '') ? 'xml' : /json/i.test(JSON.stringify(e.headers ?? {})) ? 'json' : 'text';
    request.body = { mode: 'raw', raw: variables(e.body), options: { raw: { language } } };
  }
  const a = auth(e, product);
  if (a) request.auth = a;
  return { name: e.title, request, ...(tests.length ? { event: [{ listen: 'test', script: { type: 'text/javascript', exec: tests } }] } : {}) };
}

export interface PostmanOptions {
  product: ProductId;
  title: string;
  baseUrl: string;
  envName: string;
  catalog: Pick<ProductCatalog, 'examples'>;
}

export function postmanCollection(opts: PostmanOptions): Json {
  const groups = new Map<string, Json[]>();
  for (const e of opts.catalog.examples) {
    const list = groups.get(e.group) ?? [];
    list.push(item(e, opts.product));
    groups.set(e.group, list);
  }
  const vars: [string, string][] =
    opts.product === 'receivables'
      ? [['baseUrl', opts.baseUrl], ['clientId', ''], ['clientSecret', ''], ['accessToken', ''], ['accessTokenNoPrivileges', ''], ['username', ''], ['password', '']]
      : [['baseUrl', opts.baseUrl], ['username', ''], ['password', ''], ['pat', '']];
  return {
    info: {
      name: `${opts.title}: ${opts.envName}`,
      description:
        opts.product === 'receivables'
          ? 'Ready requests of the ERP integration simulator console. Fill clientId and clientSecret (shown once when the environment or client was created), run OAuth > the token request first: it stores accessToken for the others. SOAP requests use username and password (the SOAP user).'
          : 'Ready requests of the ERP integration simulator console. Fill username and password (the API user) or pat (a personal access token), shown once when they were created.',
      schema: SCHEMA,
    },
    auth:
      opts.product === 'receivables'
        ? { type: 'bearer', bearer: [{ key: 'token', value: '{{accessToken}}', type: 'string' }] }
        : { type: 'basic', basic: [{ key: 'username', value: '{{username}}', type: 'string' }, { key: 'password', value: '{{password}}', type: 'string' }] },
    variable: vars.map(([key, value]) => ({ key, value, type: 'string' })),
    item: [...groups].map(([name, items]) => ({ name, item: items })),
  };
}

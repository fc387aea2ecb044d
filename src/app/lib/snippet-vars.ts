/**
 * What a snippet writes as variables (issue 24 § 1.2, § 2): `{{variables}}` of the request stay
 * variables (`{{invoiceId}}` → `$INVOICE_ID`), secrets are never pasted, and for the Node host every
 * identity is one too (`$BASE`, `$CLIENT_ID`, `$CLIENT_SECRET`, `$SOAP_USER`, `$SOAP_PASSWORD`,
 * `$TOKEN`), since the host prints its own; a bearer request starts with a ready `TOKEN=$(curl …)`.
 * For this browser's worker the base URL and identities are this environment's own, written out.
 */
import { canonical } from '../../collections/variables.ts';
import { builtInNames, builtInValue, isSecret, type EnvRef, type UserVariable } from './env-vars.ts';
import type { HeaderRow } from './request.ts';
import type { RememberedCredential } from './secrets.ts';
import type { SnippetLang, SnippetVar } from './snippets.ts';

export type SnippetTarget = 'browser' | 'node';

const SHELL: Record<string, string> = {
  baseUrl: 'BASE',
  clientId: 'CLIENT_ID',
  clientSecret: 'CLIENT_SECRET',
  token: 'TOKEN',
  soapUser: 'SOAP_USER',
  soapPassword: 'SOAP_PASSWORD',
  // USERNAME is often set by the system already: the OData API user gets names of its own.
  username: 'API_USER',
  password: 'API_PASSWORD',
};

/** The environment variable a console variable becomes: `invoiceId` → `INVOICE_ID`. */
export function shellName(name: string): string {
  return SHELL[name] ?? name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9_]/g, '_').toUpperCase();
}

const NODE = 'npm run serve prints';
function hintFor(env: EnvRef, name: string, target: SnippetTarget, own?: string): string {
  if (own !== undefined) return `the console variable {{${name}}} (now ${own.length > 60 ? `${own.slice(0, 60)}…` : own})`;
  const node = target === 'node';
  switch (name) {
    case 'baseUrl':
      return 'http://127.0.0.1:8787/sim/<environment key printed by npm run serve>';
    case 'clientId':
      return node ? `the client_id of an OAuth client ${NODE}` : 'the OAuth client id';
    case 'clientSecret':
      return node ? `its client_secret (${NODE} it once)` : 'the OAuth client secret shown once when the client was created';
    case 'soapUser':
      return node ? `the SOAP user's username ${NODE}` : 'the SOAP user';
    case 'soapPassword':
      return node ? `its password (${NODE} it once)` : "the SOAP user's password, shown once when it was created";
    case 'username':
      return node ? `the API user ${NODE}` : 'the API user';
    case 'password':
      return node ? `its password (${NODE} it once)` : "the API user's password, shown once when it was created";
    case 'token':
      return env.product === 'odata' ? 'a personal access token (shown once when it was created)' : 'an access token: POST $BASE/oauth/token with grant_type=client_credentials (the "Get an access token" example)';
    default:
      return `the console variable {{${name}}} (not set: the console sends it as written)`;
  }
}

export interface SnippetPlan {
  url: string;
  headers: HeaderRow[];
  body?: string;
  vars: SnippetVar[];
  prelude: Record<SnippetLang, string[]>;
  preludeVars: SnippetVar[];
}

export interface PlanInput {
  env: EnvRef;
  method: string;
  /** The request's own text, variables unresolved. */
  url: string;
  headers: HeaderRow[];
  body?: string;
  target: SnippetTarget;
  remembered: RememberedCredential[];
  own: UserVariable[];
}

const SCOPE = 'urn:opc:resource:consumer::all';
/** A variable's stand-in while the snippet is written (never a text a request holds). */
const sentinel = (name: string) => `\u0001\u0001${name}\u0001\u0001`;
const SED = `sed 's/.*"access_token":"\\([^"]*\\)".*/\\1/'`;
const shq = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

export function snippetPlan(p: PlanInput): SnippetPlan {
  const { env, target } = p;
  const node = target === 'node';
  const vars: SnippetVar[] = [];
  const own = new Map(p.own.map((v) => [v.name, v.value]));
  const builtIn = new Set(builtInNames(env.product));
  const varOf = (name: string): SnippetVar => ({ value: sentinel(name), name: shellName(name), hint: hintFor(env, name, target, own.get(name)) });

  // {{variables}}: the user's own and secrets stay variables; in the browser, identities are written out.
  const mark = (text: string) =>
    canonical(text, env.product).replace(/\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g, (whole, name: string) => {
      if (!node && builtIn.has(name) && !own.has(name) && !isSecret(name)) return builtInValue(env, name) ?? whole;
      const v = varOf(name);
      if (!vars.some((x) => x.value === v.value)) vars.push(v);
      return v.value;
    });
  if (node) vars.push({ value: env.baseUrl, name: 'BASE', hint: hintFor(env, 'baseUrl', target) });
  const url = mark(p.url);
  const body = p.body === undefined ? undefined : mark(p.body);
  const headers = p.headers.map((h) => ({ name: h.name, value: mark(h.value) }));

  // Literal values: the Node host's base, the token and Basic credentials the console adds, and
  // any remembered secret (or, for the Node host, identity) typed into the request.
  const auth = headers.find((h) => h.name.toLowerCase() === 'authorization')?.value ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(auth)?.[1];
  if (bearer && !bearer.includes('\u0001')) vars.push({ value: bearer, name: 'TOKEN', hint: hintFor(env, 'token', target) });
  const basic = /^Basic\s+(.+)$/i.exec(auth)?.[1];
  if (basic && !basic.includes('\u0001')) vars.push({ value: basic, name: 'BASIC_AUTH', hint: `base64 of username:password (a PAT: token:PAT)` });
  for (const c of p.remembered) {
    if (c.clientSecret) vars.push({ value: c.clientSecret, name: 'CLIENT_SECRET', hint: hintFor(env, 'clientSecret', target) });
    if (c.password) vars.push({ value: c.password, name: c.type === 'soap-user' ? 'SOAP_PASSWORD' : 'API_PASSWORD', hint: hintFor(env, c.type === 'soap-user' ? 'soapPassword' : 'password', target) });
    if (c.token) vars.push({ value: c.token, name: 'TOKEN', hint: hintFor(env, 'token', target) });
    if (node && c.clientId) vars.push({ value: c.clientId, name: 'CLIENT_ID', hint: hintFor(env, 'clientId', target) });
    if (node && c.username) vars.push({ value: c.username, name: c.type === 'soap-user' ? 'SOAP_USER' : 'API_USER', hint: hintFor(env, c.type === 'soap-user' ? 'soapUser' : 'username', target) });
  }

  // A ready line for what the console adds by itself: a token, or Basic credentials.
  const all = [url, body ?? '', ...headers.map((h) => h.value)].join('\n');
  const usesToken = (bearer !== undefined && all.includes(bearer)) || all.includes(sentinel('token'));
  const prelude: Record<SnippetLang, string[]> = { curl: [], 'JavaScript fetch': [], 'Python requests': [], 'C# HttpClient': [] };
  const preludeVars: SnippetVar[] = [];
  if (env.product === 'receivables' && usesToken) {
    const clientId = builtInValue(env, 'clientId');
    const who = node || !clientId ? '"$CLIENT_ID:$CLIENT_SECRET"' : `${shq(`${clientId}:`)}"$CLIENT_SECRET"`;
    const where = node ? '"$BASE/oauth/token"' : shq(`${env.baseUrl}/oauth/token`);
    prelude.curl.push(`TOKEN=$(curl -sS -u ${who} -d grant_type=client_credentials -d scope=${SCOPE} ${where} | ${SED})`);
    preludeVars.push(...(node ? [{ value: '', name: 'BASE', hint: hintFor(env, 'baseUrl', target) }, { value: '', name: 'CLIENT_ID', hint: hintFor(env, 'clientId', target) }] : []), { value: '', name: 'CLIENT_SECRET', hint: hintFor(env, 'clientSecret', target) });
  }
  if (basic && all.includes(basic)) {
    const pat = p.remembered.find((c) => c.token && basic === btoa(`${c.token}:PAT`));
    const user = p.remembered.find((c) => c.username && c.type === 'api-user');
    const login = pat ? '"$TOKEN:PAT"' : node || !user ? '"$API_USER:$API_PASSWORD"' : `${shq(`${user.username}:`)}"$API_PASSWORD"`;
    prelude.curl.push(`BASIC_AUTH=$(printf '%s' ${login} | base64)`);
    preludeVars.push(...(pat ? [{ value: '', name: 'TOKEN', hint: hintFor(env, 'token', target) }] : [...(node || !user ? [{ value: '', name: 'API_USER', hint: hintFor(env, 'username', target) }] : []), { value: '', name: 'API_PASSWORD', hint: hintFor(env, 'password', target) }]));
  }
  return { url, headers, body, vars, prelude, preludeVars };
}

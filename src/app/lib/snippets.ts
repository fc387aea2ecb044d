/**
 * Code snippets for the current request, with the headers exactly as the console sends them.
 * Secrets (tokens, secrets, passwords) and, for the Node host, the base URL are written as
 * environment variables, never pasted live: a snippet is copied out of the browser.
 */
import type { HeaderRow } from './request.ts';

/** A literal text of the request written as an environment variable instead. */
export interface SnippetVar {
  /** The value as it appears in the request (a token, a secret, the environment base URL). */
  value: string;
  /** The variable's name, e.g. TOKEN. */
  name: string;
  /** How to set it (a comment line in the snippet). */
  hint: string;
}

export interface SnippetInput {
  method: string;
  url: string;
  headers: HeaderRow[];
  body?: string;
  /** Headers written with an empty value: the request goes without them (e.g. no Content-Type). */
  omit?: string[];
  vars?: SnippetVar[];
  /** Lines before the request (e.g. `TOKEN=$(curl …)`), after the comments on the variables. */
  prelude?: string[];
  /** Variables the prelude uses: listed with the others' comments (those it assigns are not). */
  preludeVars?: SnippetVar[];
}

export const SNIPPET_LANGS = ['curl', 'JavaScript fetch', 'Python requests', 'C# HttpClient'] as const;
export type SnippetLang = (typeof SNIPPET_LANGS)[number];

type Seg = { text: string } | { env: string };

/** Cut a text into literal parts and variable references (longest value first). */
function segments(text: string, vars: SnippetVar[]): Seg[] {
  const usable = vars.filter((v) => v.value.length >= 4).sort((a, b) => b.value.length - a.value.length);
  const out: Seg[] = [];
  let rest = text;
  while (rest) {
    let best: { at: number; v: SnippetVar } | undefined;
    for (const v of usable) {
      const at = rest.indexOf(v.value);
      if (at >= 0 && (!best || at < best.at)) best = { at, v };
    }
    if (!best) {
      out.push({ text: rest });
      break;
    }
    if (best.at > 0) out.push({ text: rest.slice(0, best.at) });
    out.push({ env: best.v.name });
    rest = rest.slice(best.at + best.v.value.length);
  }
  return out;
}

const shq = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;
const jsq = (s: string) => JSON.stringify(s);
const csq = (s: string) => `@"${s.replaceAll('"', '""')}"`;

/** One string expression per language, joining literals and variables. */
const EXPR: Record<SnippetLang, { lit: (s: string) => string; env: (n: string) => string; join: string }> = {
  curl: { lit: shq, env: (n) => `"$${n}"`, join: '' },
  'JavaScript fetch': { lit: jsq, env: (n) => `process.env.${n}`, join: ' + ' },
  'Python requests': { lit: jsq, env: (n) => `os.environ[${jsq(n)}]`, join: ' + ' },
  'C# HttpClient': { lit: csq, env: (n) => `Environment.GetEnvironmentVariable(${jsq(n)})`, join: ' + ' },
};

/** Text safe inside shell double quotes (nothing the shell would expand or end the string on). */
const DQ_SAFE = /^[^"$`\\!]*$/;

function expr(lang: SnippetLang, text: string, vars: SnippetVar[]): string {
  const e = EXPR[lang];
  const segs = segments(text, vars);
  // curl: one double-quoted word when that is safe ("$BASE/oauth/token", "Authorization: Bearer $TOKEN").
  if (lang === 'curl' && segs.some((s) => 'env' in s) && segs.every((s) => 'env' in s || DQ_SAFE.test(s.text))) {
    return `"${segs.map((s, i) => ('env' in s ? (/^[A-Za-z0-9_]/.test(((segs[i + 1] as { text?: string } | undefined)?.text ?? '')) ? `\${${s.env}}` : `$${s.env}`) : s.text)).join('')}"`;
  }
  if (segs.length === 0) return e.lit('');
  return segs.map((s) => ('env' in s ? e.env(s.env) : e.lit(s.text))).join(e.join);
}

/** The variables a snippet uses, as comment lines saying how to set them, then its prelude. */
function varComments(input: SnippetInput, prefix: string): string[] {
  const all = [input.url, input.body ?? '', ...input.headers.map((h) => h.value)].join('\n');
  const used = [...(input.preludeVars ?? []), ...(input.vars ?? []).filter((v) => v.value.length >= 4 && all.includes(v.value))];
  const assigned = new Set((input.prelude ?? []).map((l) => /^([A-Z_][A-Z0-9_]*)=/.exec(l)?.[1]).filter((n): n is string => !!n));
  const seen = new Set<string>();
  const comments = used.filter((v) => !assigned.has(v.name) && !seen.has(v.name) && seen.add(v.name)).map((v) => `${prefix} ${v.name}: ${v.hint}`);
  return [...comments, ...(input.prelude ?? [])];
}

const omitsContentType = (input: SnippetInput) => Boolean(input.body) && (input.omit ?? []).some((n) => n.toLowerCase() === 'content-type');

function curl(input: SnippetInput): string {
  const { method, url, headers, body, omit = [], vars = [] } = input;
  const x = (s: string) => expr('curl', s, vars);
  // -sS: no progress meter, but errors (a refused connection) are still said.
  const parts = [`curl -sS -X ${method} ${x(url)}`];
  for (const h of headers) parts.push(`-H ${x(`${h.name}: ${h.value}`)}`);
  // "-H 'Name:'" stops curl from sending a header it would add itself (Content-Type with --data-raw).
  for (const name of omit) parts.push(`-H ${shq(`${name}:`)}`);
  if (body) parts.push(`--data-raw ${x(body)}`);
  return [...varComments(input, '#'), parts.join(' \\\n  ')].join('\n');
}

function jsFetch(input: SnippetInput): string {
  const { method, url, headers, body, vars = [] } = input;
  const x = (s: string) => expr('JavaScript fetch', s, vars);
  const h = headers.map((v) => `    ${jsq(v.name)}: ${x(v.value)},`).join('\n');
  return [
    ...varComments(input, '//'),
    `const res = await fetch(${x(url)}, {`,
    `  method: ${jsq(method)},`,
    `  headers: {\n${h}\n  },`,
    // A string body would get "Content-Type: text/plain"; bytes go without one.
    ...(body ? [omitsContentType(input) ? `  body: new TextEncoder().encode(${x(body)}),` : `  body: ${x(body)},`] : []),
    `});`,
    `console.log(res.status, await res.text());`,
  ].join('\n');
}

function python(input: SnippetInput): string {
  const { method, url, headers, body, vars = [] } = input;
  const x = (s: string) => expr('Python requests', s, vars);
  const h = headers.map((v) => `    ${jsq(v.name)}: ${x(v.value)},`).join('\n');
  const comments = varComments(input, '#');
  return [
    ...(comments.length ? [...comments, 'import os'] : []),
    'import requests',
    '',
    `headers = {\n${h}\n}`,
    ...(body ? [`data = ${x(body)}`] : []),
    `res = requests.request(${jsq(method)}, ${x(url)}, headers=headers${body ? ', data=data.encode("utf-8")' : ''})`,
    'print(res.status_code, res.text)',
  ].join('\n');
}

function csharp(input: SnippetInput): string {
  const { method, url, headers, body, vars = [] } = input;
  const x = (s: string) => expr('C# HttpClient', s, vars);
  const contentType = headers.find((h) => h.name.toLowerCase() === 'content-type')?.value.split(';')[0] ?? 'application/json';
  const lines = [...varComments(input, '//'), 'using var client = new HttpClient();', `var request = new HttpRequestMessage(new HttpMethod("${method}"), ${x(url)});`];
  for (const h of headers) {
    if (h.name.toLowerCase() === 'content-type') continue;
    lines.push(`request.Headers.TryAddWithoutValidation(${csq(h.name)}, ${x(h.value)});`);
  }
  if (body) lines.push(`request.Content = new StringContent(${x(body)}, System.Text.Encoding.UTF8, "${contentType}");`);
  if (body && omitsContentType(input)) lines.push('request.Content.Headers.ContentType = null;');
  lines.push('var response = await client.SendAsync(request);', 'Console.WriteLine($"{(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}");');
  return lines.join('\n');
}

export function snippet(lang: SnippetLang, input: SnippetInput): string {
  switch (lang) {
    case 'curl':
      return curl(input);
    case 'JavaScript fetch':
      return jsFetch(input);
    case 'Python requests':
      return python(input);
    case 'C# HttpClient':
      return csharp(input);
  }
}

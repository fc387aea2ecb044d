/** Code snippets for the current request, with the headers exactly as the console sends them. */
import type { HeaderRow } from './request.ts';

export interface SnippetInput {
  method: string;
  url: string;
  headers: HeaderRow[];
  body?: string;
  /** Headers written with an empty value: the request goes without them (e.g. no Content-Type). */
  omit?: string[];
}

export const SNIPPET_LANGS = ['curl', 'JavaScript fetch', 'Python requests', 'C# HttpClient'] as const;
export type SnippetLang = (typeof SNIPPET_LANGS)[number];

const shq = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;
const jsq = (s: string) => JSON.stringify(s);
const pyq = (s: string) => JSON.stringify(s); // a JSON string literal is a valid Python literal
const csq = (s: string) => `@"${s.replaceAll('"', '""')}"`;

const omitsContentType = (input: SnippetInput) => Boolean(input.body) && (input.omit ?? []).some((n) => n.toLowerCase() === 'content-type');

function curl({ method, url, headers, body, omit = [] }: SnippetInput): string {
  const parts = [`curl -X ${method} ${shq(url)}`];
  for (const h of headers) parts.push(`-H ${shq(`${h.name}: ${h.value}`)}`);
  // "-H 'Name:'" stops curl from sending a header it would add itself (Content-Type with --data-raw).
  for (const name of omit) parts.push(`-H ${shq(`${name}:`)}`);
  if (body) parts.push(`--data-raw ${shq(body)}`);
  return parts.join(' \\\n  ');
}

function jsFetch(input: SnippetInput): string {
  const { method, url, headers, body } = input;
  const h = headers.map((x) => `    ${jsq(x.name)}: ${jsq(x.value)},`).join('\n');
  return [
    `const res = await fetch(${jsq(url)}, {`,
    `  method: ${jsq(method)},`,
    `  headers: {\n${h}\n  },`,
    // A string body would get "Content-Type: text/plain"; bytes go without one.
    ...(body ? [omitsContentType(input) ? `  body: new TextEncoder().encode(${jsq(body)}),` : `  body: ${jsq(body)},`] : []),
    `});`,
    `console.log(res.status, await res.text());`,
  ].join('\n');
}

function python({ method, url, headers, body }: SnippetInput): string {
  const h = headers.map((x) => `    ${pyq(x.name)}: ${pyq(x.value)},`).join('\n');
  return [
    'import requests',
    '',
    `headers = {\n${h}\n}`,
    ...(body ? [`data = ${pyq(body)}`] : []),
    `res = requests.request(${pyq(method)}, ${pyq(url)}, headers=headers${body ? ', data=data.encode("utf-8")' : ''})`,
    'print(res.status_code, res.text)',
  ].join('\n');
}

function csharp(input: SnippetInput): string {
  const { method, url, headers, body } = input;
  const contentType = headers.find((h) => h.name.toLowerCase() === 'content-type')?.value.split(';')[0] ?? 'application/json';
  const lines = [
    'using var client = new HttpClient();',
    `var request = new HttpRequestMessage(new HttpMethod("${method}"), ${csq(url)});`,
  ];
  for (const h of headers) {
    if (h.name.toLowerCase() === 'content-type') continue;
    lines.push(`request.Headers.TryAddWithoutValidation(${csq(h.name)}, ${csq(h.value)});`);
  }
  if (body) lines.push(`request.Content = new StringContent(${csq(body)}, System.Text.Encoding.UTF8, "${contentType}");`);
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

/** Which literal values of a request a snippet writes as environment variables (secrets, the Node host's base). */
import type { HeaderRow } from './request.ts';
import type { RememberedCredential } from './secrets.ts';
import type { SnippetVar } from './snippets.ts';

export function snippetVars(baseUrl: string, remembered: RememberedCredential[], headers: HeaderRow[], target: 'browser' | 'node'): SnippetVar[] {
  const vars: SnippetVar[] = [];
  const auth = headers.find((h) => h.name.toLowerCase() === 'authorization')?.value ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(auth)?.[1];
  if (bearer) vars.push({ value: bearer, name: 'TOKEN', hint: 'an access token: POST $BASE/oauth/token with grant_type=client_credentials (the "Get an access token" example)' });
  const basic = /^Basic\s+(.+)$/i.exec(auth)?.[1];
  if (basic) vars.push({ value: basic, name: 'BASIC_AUTH', hint: `base64 of username:password (a PAT: token:PAT), e.g. $(printf '%s' "$USER:$PASSWORD" | base64)` });
  for (const c of remembered) {
    if (c.clientSecret) vars.push({ value: c.clientSecret, name: 'CLIENT_SECRET', hint: 'the OAuth client secret shown once when the client was created' });
    if (c.password) vars.push({ value: c.password, name: 'PASSWORD', hint: `the password of ${c.username ?? 'the user'}, shown once when it was created` });
    if (c.token) vars.push({ value: c.token, name: 'PAT', hint: 'the personal access token shown once when it was created' });
  }
  if (target === 'node') vars.push({ value: baseUrl, name: 'BASE', hint: 'http://127.0.0.1:8787/sim/<environment key printed by npm run serve>' });
  return vars;
}

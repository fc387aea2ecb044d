/**
 * The environments a plain `erp-sim serve` makes on an empty host, one of each product to try at
 * once, and the banner lines that show each: its base URL, owner token, credentials and a first curl.
 */
import type { Admin } from './class-lessons.ts';

/** An environment made at start, as the control API answered its creation. */
export interface StartEnvironment {
  product: 'receivables' | 'odata';
  key: string;
  baseUrl: string;
  ownerToken?: string;
  credentials: Record<string, Record<string, unknown>[]>;
}

export async function startEnvironments(admin: Admin): Promise<StartEnvironment[]> {
  const made: StartEnvironment[] = [];
  for (const product of ['receivables', 'odata'] as const) {
    const res = await admin('/environments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product, name: `${product} (created at start)` }),
    });
    const env = (await res.json()) as Omit<StartEnvironment, 'product'>;
    made.push({ product, key: env.key, baseUrl: env.baseUrl, ownerToken: env.ownerToken, credentials: env.credentials });
  }
  return made;
}

/** The text banner's lines for them (secrets included: the text banner shows each once). */
export function startEnvironmentLines(envs: readonly StartEnvironment[]): string[] {
  const lines: string[] = [];
  for (const env of envs) {
    lines.push(`\n${env.product} environment ${env.key}\n  base: ${env.baseUrl}\n  owner token: ${env.ownerToken}`);
    for (const [list, creds] of Object.entries(env.credentials)) {
      for (const c of creds) lines.push(`  ${list}: ${JSON.stringify(c)}`);
    }
    if (env.product === 'receivables') {
      const client = env.credentials.oauthClients?.[0];
      if (client) {
        lines.push(`  try:  curl -s -u '${client.clientId}:${client.clientSecret}' -d grant_type=client_credentials -d scope=urn:opc:resource:consumer::all ${env.baseUrl}/oauth/token`);
      }
    } else {
      const user = env.credentials.apiUsers?.[0];
      if (user) lines.push(`  try:  curl -s -u '${user.username}:${user.password}' ${env.baseUrl}/odata/Priority/tabula.ini/demo/CUSTOMERS`);
    }
  }
  return lines;
}

// A standard OAuth 2 client library (simple-oauth2 from the registry) obtains a token over real HTTP
// and uses it on a contacts request (spec 000 § Authentication 1; issue 3 § 7).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientCredentials } from 'simple-oauth2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEnv, createTestSim, type TestSim } from '../../support/sim.ts';
import { CRM, SCOPE, type OAuthClient } from '../framework/support.ts';

let sim: TestSim;
let server: Server;
let origin: string;
let base: string;
let client: OAuthClient;

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
}

beforeAll(async () => {
  sim = await createTestSim();
  const env = await createEnv(sim, 'receivables');
  base = env.base;
  client = env.credentials.oauthClients[0];
  // A tiny HTTP front for the engine, so the library talks real HTTP.
  server = createServer(async (req, res) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
    const response = await sim.engine.handle(new Request(`${origin}${req.url}`, { method: req.method, headers, body }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it.each(['header', 'body'] as const)('simple-oauth2 ClientCredentials (credentials in the %s) gets a token that authorizes a contacts request', async (authorizationMethod) => {
  const oauth = new ClientCredentials({
    client: { id: client.clientId, secret: client.clientSecret },
    auth: { tokenHost: origin, tokenPath: `${base}/oauth/token` },
    options: { authorizationMethod },
  });
  const accessToken = await oauth.getToken({ scope: SCOPE });
  expect(accessToken.token.token_type).toBe('Bearer');
  expect(accessToken.token.expires_in).toBe(3600);
  expect(accessToken.expired()).toBe(false);
  const res = await fetch(`${origin}${base}${CRM}/contacts?limit=2`, {
    headers: { authorization: `Bearer ${accessToken.token.access_token}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { items: unknown[]; count: number };
  expect(body.count).toBe(2);
});

it('simple-oauth2 surfaces invalid_client for a wrong secret', async () => {
  const oauth = new ClientCredentials({
    client: { id: client.clientId, secret: 'wrong' },
    auth: { tokenHost: origin, tokenPath: `${base}/oauth/token` },
  });
  await expect(oauth.getToken({ scope: SCOPE })).rejects.toMatchObject({ output: { statusCode: 401 } });
});

/**
 * `npm run serve -- [--port 8787] [--host 127.0.0.1] [--state FILE] [--log] [--import FILE]`: the simulator for curl,
 * Postman, SDKs and CI. Prints its URL; with no environment yet it creates one per product and
 * prints their keys and credentials so the first curl works at once.
 * `npm run serve -- --run-collection FILE [--env KEY] [--server URL] [--var name=value]`: run a
 * collection's requests and checks instead (run-collection.ts), exit 1 when a check fails.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { tuneHeapForServer } from './heap-flags.ts';
import { startNodeHost } from './server.ts';

// A server process holding every record in memory: bound the heap's slack (see heap-flags.ts).
tuneHeapForServer();

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    state: { type: 'string' },
    log: { type: 'boolean' },
    import: { type: 'string', multiple: true },
    'run-collection': { type: 'string' },
    env: { type: 'string' },
    server: { type: 'string' },
    var: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log('Usage: npm run serve -- [--port 8787] [--host 127.0.0.1] [--state FILE] [--log] [--import FILE]...');
  console.log('  --log  print one access-log line per request (time, method, path, status, duration, injected fault)');
  console.log('  --import FILE  load a snapshot file (exported from the playground or the control API) as a new environment; repeatable');
  console.log('       npm run serve -- --run-collection FILE [--env KEY] [--state FILE | --server URL] [--import FILE] [--var name=value]...');
  console.log('  --run-collection FILE  run a Postman collection v2.1 (the Collections view exports one) with its checks, print the report, exit 1 if a check failed');
  console.log('  --env KEY      the environment to run against (default: the snapshot imported, else a fresh one of the collection\'s product)');
  console.log('  --server URL   run against a host already serving (e.g. http://127.0.0.1:8787) instead of in this process');
  console.log('  --var name=value  a variable of the run (repeatable)');
  process.exit(0);
}

if (values['run-collection'] !== undefined) {
  const { runCollection, RunSetupError } = await import('./run-collection.ts');
  const variables: Record<string, string> = {};
  for (const pair of values.var ?? []) {
    const eq = pair.indexOf('=');
    if (eq < 1) {
      console.error(`--var takes name=value, not '${pair}'`);
      process.exit(2);
    }
    variables[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  try {
    const { ok } = await runCollection(values['run-collection'], { env: values.env, stateFile: values.state, imports: values.import, server: values.server, variables, log: (line) => console.log(line) });
    process.exit(ok ? 0 : 1);
  } catch (err) {
    if (!(err instanceof RunSetupError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer from 0 to 65535, not '${values.port}'`);
  process.exit(2);
}

/** A listen error in words: which address is unusable and how to choose another (no stack trace). */
function listenFailure(err: unknown): string | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const where = `${values.host}:${port}`;
  if (code === 'EADDRINUSE') return `Port ${port} is already in use on ${values.host}. Stop what is using it, or choose another port: npm run serve -- --port ${port === 8787 ? 8788 : 8787}`;
  if (code === 'EACCES') return `Not allowed to listen on ${where} (ports below 1024 need privileges). Choose another port: npm run serve -- --port 8787`;
  if (code === 'EADDRNOTAVAIL') return `The address ${values.host} is not available on this machine. Choose another: npm run serve -- --host 127.0.0.1`;
  return null;
}

const host = await startNodeHost({ port, host: values.host, stateFile: values.state, log: values.log ? (line) => console.log(line) : undefined }).catch((err: unknown) => {
  const message = listenFailure(err);
  if (!message) throw err;
  console.error(message);
  process.exit(1);
});
const admin = (path: string, init?: RequestInit) => host.engine.handle(new Request(`${host.url}/sim/_admin${path}`, init));

console.log(`ERP integration simulator listening on ${host.url}`);
console.log(`Control API: ${host.url}/sim/_admin/environments${values.state ? `   (state: ${values.state})` : '   (in memory; use --state FILE to keep it)'}`);

// Snapshots given with --import become environments before anything else (CI: the browser's export).
for (const file of values.import ?? []) {
  const text = await readFile(file, 'utf8').catch((err: unknown) => {
    console.error(`--import ${file}: ${(err as Error).message}`);
    process.exit(1);
  });
  const res = await admin('/environments/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  const body = (await res.json()) as { key?: string; baseUrl?: string; error?: string; credentials?: Record<string, Record<string, unknown>[]> };
  if (res.status !== 201) {
    console.error(`--import ${file}: ${body.error ?? res.status}`);
    await host.close();
    process.exit(1);
  }
  console.log(`\nimported ${file} as ${body.key}\n  base: ${body.baseUrl}`);
  for (const [list, creds] of Object.entries(body.credentials ?? {})) for (const c of creds) console.log(`  ${list}: ${JSON.stringify(c)}`);
}

if (host.engine.store.environments().length === 0) {
  for (const product of ['receivables', 'odata'] as const) {
    const res = await admin('/environments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product, name: `${product} (created at start)` }),
    });
    const env = (await res.json()) as { key: string; baseUrl: string; credentials: Record<string, Record<string, unknown>[]> };
    console.log(`\n${product} environment ${env.key}\n  base: ${env.baseUrl}`);
    for (const [list, creds] of Object.entries(env.credentials)) {
      for (const c of creds) console.log(`  ${list}: ${JSON.stringify(c)}`);
    }
    if (product === 'receivables') {
      const client = env.credentials.oauthClients?.[0];
      if (client) {
        console.log(`  try:  curl -s -u '${client.clientId}:${client.clientSecret}' -d grant_type=client_credentials -d scope=urn:opc:resource:consumer::all ${env.baseUrl}/oauth/token`);
      }
    } else {
      const user = env.credentials.apiUsers?.[0];
      if (user) console.log(`  try:  curl -s -u '${user.username}:${user.password}' ${env.baseUrl}/odata/Priority/tabula.ini/demo/CUSTOMERS`);
    }
  }
} else {
  for (const env of host.engine.store.environments()) console.log(`  ${env.product} ${env.key}  ${host.url}/sim/${env.key}`);
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping.');
  await host.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

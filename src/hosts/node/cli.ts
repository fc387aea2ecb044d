#!/usr/bin/env node
/**
 * `erp-sim serve [--port 8787] [--host 127.0.0.1] [--state FILE] [--log] [--import FILE]...
 * [--admin-token T | --admin-token-file F] [--class-code C]... [--class-code-file F] [--require-token]`
 * (the package's bin; `npm run serve -- …` in a clone): the simulator for curl, Postman, SDKs, CI and
 * classes. Prints its URL and who may use its control API; with no environment yet it creates one per
 * product and prints their keys and credentials so the first curl works at once. A token or class
 * code the user chose is never printed (issue 43 § 5): only a generated one, once.
 * `erp-sim run FILE [--env KEY] [--server URL] [--var name=value]...` (or `npm run serve --
 * --run-collection FILE …`): run a collection's requests and checks instead (run-collection.ts),
 * exit 1 when a check fails (issue 24 § 3).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { tuneV8ForServer } from './v8-flags.ts';
import { startNodeHost } from './server.ts';
import { appFiles } from './app-files.ts';
import { classBanner, classSettings } from './class-banner.ts';
import { settleClass } from './class-lessons.ts';
import { startEnvironmentLines, startEnvironments } from './start-environments.ts';
import { accessBanner, jsonBanner } from './start-banner.ts';
import { preparePlayground } from './playground.ts';
import { warmUp } from './warm-up.ts';
import { chosenSecrets } from './chosen-secrets.ts';
import { safeUrl, storeOptionProblem } from './postgres/pg-store.ts';

/**
 * How the user started it, for the hints below: in a clone (`npm run serve`, which runs this file's
 * build in lib/, or the sources themselves) or from the installed package, which ships no sources.
 */
const run = existsSync(new URL('../../../src/hosts/node/cli.ts', import.meta.url)) ? 'npm run serve --' : 'erp-sim serve';

const USAGE = `Usage: erp-sim serve [options]      (in a clone of the repository: npm run serve -- [options])
       erp-sim run FILE [run options]  (in a clone: npm run serve -- --run-collection FILE [run options])
       erp-sim --help | --version
(serve is the default command: erp-sim [options] serves too.)

The ERP integration simulator's Node host: the receivables REST/SOAP/OAuth and OData v4 services
and the control API (/sim/_admin) over HTTP, for curl, Postman, SDKs, CI and classes.

Options:
  --port N        port to listen on (default 8787; 0 picks a free one)
  --host ADDR     interface to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  --state FILE    keep every environment in FILE across restarts (default: in memory)
  --store postgres://USER:PASSWORD@HOST:PORT/DB
                  keep everything in PostgreSQL instead (also SIM_STORE): several hosts may share
                  one database, each answering any environment
  --advertise URL with --store: the URL other hosts reach this one at (default: the one it listens
                  on; give it when hosts run on different machines or containers)
  --import FILE   load a snapshot file (exported from the playground or the control API) as a new
                  environment at start; repeatable (requests wait until every one is loaded)
  --log           print one access-log line per request (time, method, path, status, duration,
                  injected fault)
  --log-format text|json
                  json: each log line is one JSON object (time, level, env, method, path, status,
                  duration; events: time, level, event, message); implies --log
  --admin-token TOKEN
                  the control API's admin token (simadmin_ and 20+ characters); default: one
                  generated and printed at start (kept with --state). A token you choose is never
                  printed; so that it does not show in the process list either, give it as
  --admin-token-file FILE
                  a file holding the admin token, or the environment variable SIM_ADMIN_TOKEN
  --class-code CODE
                  a code students create environments with (simclass_ and 8+ characters); repeatable.
                  Never printed; also from
  --class-code-file FILE
                  a file of class codes, one a line, or SIM_CLASS_CODES (separated by spaces or commas)
  --require-token every control API request needs a token, from this machine too (default:
                  requests from this machine are trusted, other addresses need a token)
  --no-warm-up    do not warm the host's code at start (by default, once it answers, it sends the
                  common requests of both services to a throwaway host of its own while clients are
                  quiet, about a second of work, so that their first requests are as fast as later
                  ones)
  --class-scenario ID
                  a class: trainees who join get this scenario (GET /sim/_admin/scenarios lists them)
  --class-product receivables|odata
                  a class: trainees who join get a fresh environment of this product (default
                  receivables, or the first lesson's)
  --class-lesson FILE|ID
                  a class runs this lesson: a lesson file (kept on the host) or the id of one the
                  host has; repeatable, in order. The join link opens the first; the trainer's view
                  shows each trainee's steps
  --build-app     build the playground (dist/) first when it is missing or older than its sources
                  (npm run serve passes it)
  -h, --help      print this help
  --version       print the version

Run options (a collection's requests and checks, for CI; exit 1 when a check fails, 2 when the file
or the environment cannot be used):
  --run-collection FILE
                  the collection: a Postman collection v2.1 (the playground's Collections view
                  exports one)
  --env KEY       the environment to run against (default: the snapshot given with --import, else a
                  fresh environment of the collection's product); with --state, one kept in FILE
  --server URL    run against a host already serving (http://127.0.0.1:8787) instead of in this
                  process; --admin-token is then the token sent to its control API
  --var NAME=VALUE
                  a variable of the run; repeatable`;

function parseCommandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        state: { type: 'string' },
        store: { type: 'string' },
        advertise: { type: 'string' },
        log: { type: 'boolean' },
        'log-format': { type: 'string' },
        import: { type: 'string', multiple: true },
        'admin-token': { type: 'string' },
        'admin-token-file': { type: 'string' },
        'class-code': { type: 'string', multiple: true },
        'class-code-file': { type: 'string' },
        'require-token': { type: 'boolean' },
        'no-warm-up': { type: 'boolean' },
        'class-scenario': { type: 'string' },
        'class-product': { type: 'string' },
        'class-lesson': { type: 'string', multiple: true },
        'build-app': { type: 'boolean' },
        'run-collection': { type: 'string' },
        env: { type: 'string' },
        server: { type: 'string' },
        var: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    });
  } catch (err) {
    // An unknown or incomplete option: say which, and how to ask for help (no stack trace).
    console.error(`${optionProblem(err as Error & { code?: string })}\nRun ${run} --help for the options.`);
    process.exit(2);
  }
}

/** parseArgs's refusal in a sentence of our own (its text suggests `-- "--x"`, with nested quotes). */
function optionProblem(err: Error & { code?: string }): string {
  const option = /'(-[^']*)'/.exec(err.message)?.[1];
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `Unknown option ${option}.`;
  if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    return /argument missing/.test(err.message) ? `Option ${option.split(/[ ,]/)[0]} needs a value.` : `Option ${option.split(/[ ,]/)[0]} takes no value.`;
  }
  if (err.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `Unexpected argument: ${err.message.replace(/^Unexpected argument '([^']*)'.*$/s, '$1')}.`;
  return err.message;
}

const { values, positionals } = parseCommandLine();

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.version) {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  console.log(pkg.version);
  process.exit(0);
}
// `run FILE` (or --run-collection FILE): run a collection instead of serving.
const collectionFile = positionals[0] === 'run' && positionals.length === 2 ? positionals[1] : values['run-collection'];
if (positionals[0] === 'run' && positionals.length !== 2) {
  console.error(`${run === 'erp-sim serve' ? 'erp-sim run' : 'npm run serve -- run'} takes one collection file: erp-sim run smoke.postman.json [--env KEY]`);
  process.exit(2);
}
if (collectionFile !== undefined && (positionals.length === 0 || positionals[0] === 'run')) {
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
    const secrets = chosenSecrets({ adminTokenFlag: values['admin-token'], adminTokenFile: values['admin-token-file'], env: process.env });
    if ('problem' in secrets) {
      console.error(secrets.problem);
      process.exit(2);
    }
    const { ok } = await runCollection(collectionFile, { env: values.env, stateFile: values.state, imports: values.import, server: values.server, token: secrets.adminToken, variables, log: (line) => console.log(line) });
    process.exit(ok ? 0 : 1);
  } catch (err) {
    if (!(err instanceof RunSetupError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}

// `serve` is the default command (so `npm run serve` needs none).
if (positionals.length > 1 || (positionals[0] ?? 'serve') !== 'serve') {
  console.error(`Unknown command '${positionals.join(' ')}'.\n\n${USAGE}`);
  process.exit(2);
}

// A server process holding every record in memory: bound the heap's slack; compile for the first
// requests too (see v8-flags.ts).
tuneV8ForServer('start');

const port = Number(values.port);
if (!/^\d+$/.test(values.port) || port > 65535) {
  console.error(`--port must be an integer from 0 to 65535, not '${values.port}'`);
  process.exit(2);
}

/** A listen error in words: which address is unusable and how to choose another (no stack trace). */
function listenFailure(err: unknown): string | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const where = `${values.host}:${port}`;
  if ((err as Error | null)?.name === 'SchemaTooNew') return `--store: ${(err as Error).message}`;
  if (store !== undefined && (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /^(08|28|3D|53|57)/.test(String(code ?? '')) || /timeout|terminated/i.test((err as Error | null)?.message ?? ''))) {
    return `--store: cannot use the database at ${safeUrl(store)}: ${(err as Error).message}`;
  }
  if (code === 'EADDRINUSE') return `Port ${port} is already in use on ${values.host}. Stop what is using it, or choose another port: ${run} --port ${port === 8787 ? 8788 : 8787}`;
  if (code === 'EACCES') return `Not allowed to listen on ${where} (ports below 1024 need privileges). Choose another port: ${run} --port 8787`;
  if (code === 'EADDRNOTAVAIL') return `The address ${values.host} is not available on this machine. Choose another: ${run} --host 127.0.0.1`;
  return null;
}

const store = values.store ?? (process.env.SIM_STORE || undefined);
const storeProblem = storeOptionProblem(store, values.state);
if (storeProblem) {
  console.error(storeProblem);
  process.exit(2);
}
const logFormat = values['log-format'] ?? 'text';
if (logFormat !== 'text' && logFormat !== 'json') {
  console.error(`--log-format takes text or json, not '${logFormat}'`);
  process.exit(2);
}
const logging = Boolean(values.log) || values['log-format'] !== undefined;
/** Under --log-format json every line the host prints is a JSON object, the banner included (json-banner.ts). */
const json = logFormat === 'json';

const secrets = chosenSecrets({ adminTokenFlag: values['admin-token'], adminTokenFile: values['admin-token-file'], classCodeFlags: values['class-code'], classCodeFile: values['class-code-file'], env: process.env });
if ('problem' in secrets) {
  console.error(secrets.problem);
  process.exit(2);
}

// Every --import file is read before the host starts: one that cannot be read stops the start with
// the reason alone (exit 2, as for any other bad argument), before a banner is printed.
const imports: { file: string; text: string }[] = [];
for (const file of values.import ?? []) {
  try {
    imports.push({ file, text: readFileSync(file, 'utf8') });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(`--import ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a snapshot file' : (err as Error).message}`);
    process.exit(2);
  }
}

const klass = classSettings({ codes: secrets.classCodes, scenario: values['class-scenario'], product: values['class-product'], lessons: values['class-lesson'] });
if (klass && 'problem' in klass) {
  console.error(klass.problem);
  process.exit(2);
}

// The playground at / beside /sim (issue 20): built first when npm run serve finds it missing or old.
const playground = await preparePlayground({ build: Boolean(values['build-app']), say: (line) => console.log(json ? JSON.stringify({ time: new Date().toISOString(), level: 'info', event: 'playground', message: line }) : line) });

// The start-up work below (--import, a class's checks, the environments created at start) is done
// before the host answers anything: a request that comes sooner waits for it, so CI that only waits
// for the port, or for a first answer, finds the imported environments there.
let startupDone = () => {};
const startup = new Promise<void>((resolve) => (startupDone = resolve));

const host = await startNodeHost({
  startup,
  app: appFiles(playground.dir, { host: 'node', ...(klass ? { class: klass } : {}) }),
  port,
  host: values.host,
  stateFile: values.state,
  store,
  advertise: values.advertise,
  log: logging ? (line) => console.log(line) : undefined,
  logFormat,
  adminToken: secrets.adminToken,
  classCodes: secrets.classCodes,
  requireToken: values['require-token'],
}).catch((err: unknown) => {
  const message = listenFailure(err);
  if (!message) throw err;
  console.error(message);
  process.exit(1);
});
tuneV8ForServer('loaded');
// The host's own start-up requests: trusted whatever the access settings.
const admin = (path: string, init?: RequestInit) => host.engine.handle(new Request(`${host.url}/sim/_admin${path}`, init), { host: true });

// Snapshots given with --import become environments before anything else (CI: the browser's export).
// A snapshot the host refuses stops the start with the reason alone: no banner, no token printed.
const imported: string[] = [];
const importedFacts: { file: string; key: string; baseUrl: string }[] = [];
for (const { file, text } of imports) {
  const res = await admin('/environments/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  const body = (await res.json()) as { key?: string; baseUrl?: string; ownerToken?: string; error?: string; credentials?: Record<string, Record<string, unknown>[]> };
  if (res.status !== 201) {
    console.error(`--import ${file}: ${body.error ?? res.status}`);
    await host.close();
    process.exit(2);
  }
  importedFacts.push({ file, key: body.key as string, baseUrl: body.baseUrl as string });
  imported.push(`\nimported ${file} as ${body.key}\n  base: ${body.baseUrl}\n  owner token: ${body.ownerToken}`);
  for (const [list, creds] of Object.entries(body.credentials ?? {})) for (const c of creds) imported.push(`  ${list}: ${JSON.stringify(c)}`);
}

/** A line of the text banner (under --log-format json the banner is one object, printed below). */
const say = (line: string) => {
  if (!json) console.log(line);
};
say(`ERP integration simulator listening on ${host.url}`);
say(`Playground: ${host.url}/${playground.note ? `   (${playground.note})` : ''}`);
say(`Control API: ${host.url}/sim/_admin/environments${store ? `   (store: ${safeUrl(store)})` : values.state ? `   (state: ${values.state})` : '   (in memory; use --state FILE to keep it)'}`);
for (const line of accessBanner(host.access, values.host, values.state, secrets.adminTokenFrom)) say(line);
for (const line of imported) say(line);
let classFacts: { settings: NonNullable<typeof klass>; scenarioTitle?: string } | undefined;

if (klass) {
  const settled = await settleClass(klass, values['class-lesson'] ?? [], admin);
  if ('problem' in settled) {
    console.error(settled.problem);
    await host.close();
    process.exit(2);
  }
  const scenario = settled.scenario;
  const listening = Number(new URL(host.url).port);
  // The trainer link carries the admin token only when this start generated it (shown once anyway).
  const generated = host.access.adminTokenFrom === 'generated' ? host.access.adminToken : undefined;
  for (const line of classBanner({ bind: values.host, port: listening, settings: klass, generatedAdminToken: generated, adminTokenKept: host.access.adminTokenFrom === 'state', scenarioTitle: scenario?.title })) say(line);
  classFacts = { settings: klass, ...(scenario ? { scenarioTitle: scenario.title } : {}) };
}

// A class makes its own environments as trainees join; otherwise one of each product to try at once,
// when the store holds none (once for all the hosts of a database that start together).
const made = klass ? null : await host.whenEmpty(() => startEnvironments(admin));
if (made) {
  for (const line of startEnvironmentLines(made)) say(line);
} else {
  for (const env of host.engine.store.environments()) say(`  ${env.product} ${env.key}  ${host.url}/sim/${env.key}`);
}
if (json) {
  const environments = made ?? host.engine.store.environments().map((e) => ({ product: e.product, key: e.key, baseUrl: `${host.url}/sim/${e.key}` }));
  console.log(
    jsonBanner({
      url: host.url,
      ...(playground.note ? { playgroundNote: playground.note } : {}),
      store: store ? { postgres: safeUrl(store) } : values.state ? { state: values.state } : 'memory',
      access: host.access,
      bind: values.host,
      imported: importedFacts,
      ...(classFacts ? { klass: classFacts } : {}),
      environments: environments.map((e) => ({ product: e.product, key: e.key, baseUrl: e.baseUrl })),
      created: made !== null,
    }),
  );
}

/** Requests in flight when the host is told to stop get this long to finish. */
const STOP_GRACE_MS = 10_000;
let stopping = false;
// Stop accepting, let requests in flight finish (up to 10 s), keep what is unsaved, give up what
// this host owns, exit 0: an orchestrator's SIGTERM is a normal stop. Listened for before the
// warm-up makes its folder: until a listener exists, SIGTERM's default action ends the process at
// once, exit handlers (which remove that folder) included.
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  if (logFormat === 'json') host.event('info', 'stop', `${signal}: stopping`);
  else console.log('\nStopping.');
  await host.close(STOP_GRACE_MS);
  host.event('info', 'stopped', 'every request answered');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

// From here the host answers requests (those already waiting first).
startupDone();
host.event('info', 'start', `listening on ${host.url}`);
// Then it warms its code in the background, through a host of its own (warm-up.ts); --log says when.
if (!values['no-warm-up']) {
  const began = performance.now();
  void warmUp({ quietFor: host.quietFor }).then(
    ({ sent }) => host.event('info', 'warm-up', `${sent} requests to a host of its own in ${((performance.now() - began) / 1000).toFixed(1)} s (nothing of it is kept here)`),
    () => undefined,
  );
}

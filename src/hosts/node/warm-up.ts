/**
 * The CLI host's warm-up (issue 22 § Also). A fresh host's first requests run code V8 has not yet
 * optimized: read from the access log after a start and a 100k generate, the first POST took
 * 9.5-9.7 ms of server time and the next ten 2-3 ms, against 1.2-1.9 ms once warm. So once
 * `erp-sim serve` answers, it sends the common requests of both services to a second host of its
 * own, on a loopback port of its own, with throwaway environments kept in a state file of its own (so
 * that writing one is warmed too) in a temporary folder removed afterwards. Nothing of it reaches the
 * user's host (its state file, journal, environments, log or stats); it only leaves V8's compiled
 * code behind, which both hosts share. Each request waits for a quiet moment on the user's host (no
 * request begun or ended in the last QUIET_MS; a generate in progress gives turns between its slices
 * anyway), so a client that sends its requests at once is not slowed by it; a host kept busy longer
 * than GIVE_UP_MS is warmed by its own traffic instead. The folder goes when the process exits, and
 * one left by a process killed outright (SIGKILL, a power cut) is removed by the next warm-up.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNodeHost } from './server.ts';

/** Rounds of the common requests: enough for V8 to optimize what they run (forty POSTs measured). */
const ROUNDS = 40;
/** A quiet moment: no request of the user's begun or ended for this long. */
const QUIET_MS = 20;
/** A host this busy from the start is warmed by its own requests. */
const GIVE_UP_MS = 30_000;

/** The warm-up folders' prefix in the temporary folder. */
const PREFIX = 'erp-sim-warm-up-';
/** A folder without its owner's pid this old was left by a version that wrote none (or died at once). */
const UNOWNED_STALE_MS = 60_000;

/** Whether a process of this id is running (signal 0 only checks; EPERM: running, not ours). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove warm-up folders whose process is gone (each holds its owner's pid), and old ones with no pid;
 * a running host's folder is left alone. Returns the names removed.
 */
export function removeStaleWarmUps(dir = tmpdir()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.startsWith(PREFIX));
  } catch {
    return removed;
  }
  for (const name of names) {
    const folder = join(dir, name);
    try {
      const pid = Number(readFileSync(join(folder, 'pid'), 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) continue;
    } catch {
      // No pid (yet): only an old folder is someone's leftover.
      try {
        if (Date.now() - statSync(folder).mtimeMs < UNOWNED_STALE_MS) continue;
      } catch {
        continue;
      }
    }
    rmSync(folder, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

const COLLECTION = '/fscmRestApi/resources/11.13.18.05/receivablesInvoices';
const CUSTOMERS = '/odata/Priority/tabula.ini/demo/CUSTOMERS';

export interface WarmUpOptions {
  rounds?: number;
  /** Milliseconds since a request last began or ended on the user's host: the warm-up waits for quiet. */
  quietFor?: () => number;
  /** How long it may wait for quiet in all (tests shorten it). */
  giveUpMs?: number;
}

export interface WarmUpResult {
  /** Requests sent. */
  sent: number;
  /** Whether it stopped early because the user's host was never quiet for long. */
  gaveUp: boolean;
  /** Requests whose status was not the one a well-formed request gets (a test keeps this at 0). */
  unexpected: string[];
}

/** Warm the code of both services through a throwaway host; resolves when it is closed. */
export async function warmUp({ rounds = ROUNDS, quietFor, giveUpMs = GIVE_UP_MS }: WarmUpOptions = {}): Promise<WarmUpResult> {
  const began = performance.now();
  removeStaleWarmUps();
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(dir, 'pid'), String(process.pid));
  // A host stopped by a signal exits without finishing this function: its folder goes with it anyway.
  // Retried: at exit, a write of its host's still in flight may add a file while the folder goes.
  const remove = () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 10 });
  process.once('exit', remove);
  const host = await startNodeHost({ port: 0, host: '127.0.0.1', stateFile: join(dir, 'state.jsonl') }).catch((err: unknown) => {
    process.off('exit', remove);
    remove();
    throw err;
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const result: WarmUpResult = { sent: 0, gaveUp: false, unexpected: [] };
  /** Until the user's host is quiet; false when it has been busy too long to go on. */
  const quiet = async (): Promise<boolean> => {
    while (quietFor && quietFor() < QUIET_MS) {
      if (performance.now() - began > giveUpMs) return false;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    }
    return true;
  };
  /** One request through the real HTTP adapter, once the user's host is quiet; the answer's body as text. */
  const send = async (method: string, path: string, expect: number, headers: Record<string, string> = {}, body?: string) => {
    if (!(await quiet())) throw new GaveUp();
    return new Promise<string>((resolve, reject) => {
      const req = request(`${host.url}${path}`, { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          result.sent++;
          if (res.statusCode !== expect) result.unexpected.push(`${method} ${path.split('?')[0]}: ${res.statusCode}`);
          resolve(Buffer.concat(chunks).toString('utf8'));
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  };
  const json = { 'content-type': 'application/json' };
  try {
    const envOf = async (product: string) => JSON.parse(await send('POST', '/sim/_admin/environments', 201, json, JSON.stringify({ product, name: 'warm-up' }))) as { key: string; credentials: Record<string, Record<string, string>[]> };
    const rest = await envOf('receivables');
    const client = rest.credentials.oauthClients?.[0] ?? {};
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: 'urn:opc:resource:consumer::all', client_id: client.clientId ?? '', client_secret: client.clientSecret ?? '' }).toString();
    const token = (JSON.parse(await send('POST', `/sim/${rest.key}/oauth/token`, 200, { 'content-type': 'application/x-www-form-urlencoded' }, form)) as { access_token: string }).access_token;
    const bearer = { ...json, authorization: `Bearer ${token}` };
    const odata = await envOf('odata');
    const user = odata.credentials.apiUsers?.[0] ?? {};
    const basic = { ...json, authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` };
    const base = `/sim/${rest.key}${COLLECTION}`;
    const obase = `/sim/${odata.key}${CUSTOMERS}`;
    for (let i = 0; i < rounds; i++) {
      const invoice = { BusinessUnit: 'US1 Business Unit', TransactionType: 'Invoice', TransactionSource: 'Manual', BillToCustomerNumber: '10010', InvoiceCurrencyCode: 'USD', receivablesInvoiceLines: [{ LineNumber: 1, Description: `Warm-up ${i}`, Quantity: 2, UnitSellingPrice: 12.5 }] };
      const created = JSON.parse(await send('POST', base, 201, bearer, JSON.stringify(invoice))) as { CustomerTransactionId: number; TransactionNumber: string };
      await send('GET', `${base}?limit=25&orderBy=TransactionNumber:desc`, 200, bearer);
      await send('GET', `${base}/${created.CustomerTransactionId}?expand=all`, 200, bearer);
      await send('GET', `${base}?q=${encodeURIComponent(`TransactionNumber='${created.TransactionNumber}'`)}`, 200, bearer);
      await send('POST', obase, 201, basic, JSON.stringify({ CUSTNAME: `W${String(i).padStart(5, '0')}`, CUSTDES: 'Warm-up customer' }));
      await send('GET', `${obase}?$top=25&$orderby=CUSTDES desc`, 200, basic);
      await send('GET', `${obase}?$filter=${encodeURIComponent(`CUSTNAME eq 'W${String(i).padStart(5, '0')}'`)}`, 200, basic);
    }
  } catch (err) {
    if (!(err instanceof GaveUp)) throw err;
    result.gaveUp = true;
  } finally {
    agent.destroy();
    await host.close();
    process.off('exit', remove);
    remove();
  }
  return result;
}

/** The user's host was busy for longer than GIVE_UP_MS. */
class GaveUp extends Error {}

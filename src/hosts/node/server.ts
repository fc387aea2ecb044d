/** Node host: the same engine as the service worker, over fake-indexeddb, behind an HTTP server. */
import { serve, type ServerType } from '@hono/node-server';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createEngine, openDatabase, type Engine, type HostClock } from '../../engine/index.ts';
import { builtInCatalog } from '../../engine/products/catalogs.ts';
import { compactJournal, journalTo, replayJournal } from './state-file.ts';

export interface NodeHostOptions {
  port: number;
  host: string;
  stateFile?: string;
  clock?: HostClock;
  pbkdf2Iterations?: number;
}

export interface NodeHost {
  engine: Engine;
  url: string;
  close(): Promise<void>;
}

export async function startNodeHost(opts: NodeHostOptions): Promise<NodeHost> {
  const db = openDatabase('erp-sim', new IDBFactory(), IDBKeyRange);
  const engine = await createEngine({ db, clock: opts.clock, pbkdf2Iterations: opts.pbkdf2Iterations, catalog: builtInCatalog });
  if (opts.stateFile) {
    await replayJournal(engine.store, opts.stateFile);
    await compactJournal(db, opts.stateFile);
    journalTo(engine.store, opts.stateFile);
  }
  // A listen error (port taken, address not available) rejects instead of escaping as an
  // unhandled 'error' event, so the caller can say what went wrong.
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: (req) => engine.handle(req), port: opts.port, hostname: opts.host }, () => {
      s.off('error', reject);
      resolve(s);
    });
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  // Listening on every interface: print an address clients can connect to.
  const reachable = opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host === '::' ? '::1' : opts.host;
  const shownHost = reachable.includes(':') ? `[${reachable}]` : reachable;
  return {
    engine,
    url: `http://${shownHost}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

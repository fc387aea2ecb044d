/**
 * Node host: the same engine as the service worker, behind an HTTP server. Records live in memory
 * (one copy: the engine's own cache); with --state every change is journaled before it is applied.
 */
import { serve, type ServerType } from '@hono/node-server';
import { createEngine, MemoryBackend, type Engine, type HostClock } from '../../engine/index.ts';
import { builtInCatalog } from '../../engine/products/catalogs.ts';
import { openJournal } from './state-file.ts';

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
  const journal = opts.stateFile ? openJournal(opts.stateFile) : null;
  const backend = journal?.backend ?? new MemoryBackend();
  const engine = await createEngine({ backend, clock: opts.clock, pbkdf2Iterations: opts.pbkdf2Iterations, catalog: builtInCatalog });
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
        server.close(() => {
          journal?.close();
          resolve();
        });
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

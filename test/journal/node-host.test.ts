// The journal and fault injection in the Node host (issue 12 §§ 1-2): one access-log line per
// request (--log), a dropped connection is a reset socket, a curl-style client's request appears
// in the journal read over HTTP.
import { describe, expect, it } from 'vitest';
import { startNodeHost } from '../../src/hosts/node/server.ts';

describe('Node host: journal, access log and faults', () => {
  it('prints one access-log line per request, resets the socket for a dropped connection, journals what any client sent', async () => {
    const lines: string[] = [];
    const host = await startNodeHost({ port: 0, host: '127.0.0.1', pbkdf2Iterations: 1000, log: (l) => lines.push(l) });
    try {
      const admin = (path: string, init?: RequestInit) => fetch(`${host.url}/sim/_admin${path}`, init);
      const env = (await (await admin('/environments', { method: 'POST', body: '{"product":"odata"}' })).json()) as { key: string };
      expect((await admin(`/environments/${env.key}/faults`, { method: 'POST', body: '{"kind":"drop","path":"*/CUSTOMERS"}' })).status).toBe(201);
      const root = `${host.url}/sim/${env.key}/odata/Priority/tabula.ini/demo`;
      const dropped = await fetch(`${root}/CUSTOMERS`).then(
        () => 'answered',
        (err: Error & { cause?: { code?: string } }) => err.cause?.code,
      );
      expect(dropped).toBe('ECONNRESET');
      expect((await fetch(`${root}/AINVOICES`)).status).toBe(401);
      expect(lines.some((l) => / GET \/sim\/env_\w+\/odata\/Priority\/tabula\.ini\/demo\/CUSTOMERS dropped [\d.]+ms \[injected\]$/.test(l))).toBe(true);
      expect(lines.some((l) => /^\S+Z GET \/sim\/env_\w+\/odata\/Priority\/tabula\.ini\/demo\/AINVOICES 401 [\d.]+ms$/.test(l))).toBe(true);
      await host.engine.settled();
      const items = ((await (await admin(`/environments/${env.key}/journal`)).json()) as { items: { status: number; path: string; injected?: string }[] }).items;
      expect(items.map((e) => [e.status, e.path, e.injected])).toEqual([
        [401, '/odata/Priority/tabula.ini/demo/AINVOICES', undefined],
        [0, '/odata/Priority/tabula.ini/demo/CUSTOMERS', 'fault-1'],
      ]);
    } finally {
      await host.close();
    }
  });
});

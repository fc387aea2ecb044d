/**
 * The floor under the Node host's figures (issue 22 § Also): the same HTTP adapter with no engine,
 * answering every POST with a fixed 1.5 KB JSON after reading its body. Run as a child process by
 * node-host.ts, so a POST to it costs what a POST to the host costs outside the engine (the
 * client, the loopback, Node's HTTP and the adapter) on this machine at this moment.
 */
import { serve } from '@hono/node-server';

const answer = JSON.stringify({ floor: true, padding: 'x'.repeat(1500) });
const server = serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: async (req) => {
    if (req.method === 'POST') await req.text();
    return new Response(answer, { status: 201, headers: { 'content-type': 'application/json' } });
  },
});
server.once('listening', () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});

// Issue 22 § Also ("measured the way a user meets them"): a fresh `erp-sim serve` warms its code
// through a host of its own (src/hosts/node/warm-up.ts), so that clients' first requests cost what
// later ones do. The warm-up must be real requests that succeed, and must leave nothing behind: no
// environment, state line, journal entry or file of the user's host, and no folder of its own.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { warmUp } from '../../src/hosts/node/warm-up.ts';
import { startCli } from '../support/cli.ts';

const warmUpFolders = () => readdirSync(tmpdir()).filter((f) => f.startsWith('erp-sim-warm-up-'));

describe('the CLI host warm-up (issue 22 § Also)', { timeout: 120_000 }, () => {
  it('sends the common requests of both services, each answered as a well-formed request is, and removes its own folder', async () => {
    const before = new Set(warmUpFolders());
    const result = await warmUp({ rounds: 3 });
    // Per round: POST, page, item, filter (receivables) and POST, page, filter (OData); plus the set-up.
    expect(result.sent).toBeGreaterThanOrEqual(3 * 7);
    expect(result.unexpected).toEqual([]);
    expect(result.gaveUp).toBe(false);
    expect(warmUpFolders().filter((f) => !before.has(f))).toEqual([]);
  });

  it('waits for a quiet moment on the user\'s host before each request, and stops if the host is never quiet', async () => {
    const began = performance.now();
    // Busy for the first 150 ms (requests coming and going), then quiet.
    const waited = await warmUp({ rounds: 1, quietFor: () => (performance.now() - began < 150 ? 0 : 1_000) });
    expect(performance.now() - began).toBeGreaterThanOrEqual(150);
    expect(waited.gaveUp).toBe(false);
    expect(waited.unexpected).toEqual([]);
    const before = new Set(warmUpFolders());
    const never = await warmUp({ rounds: 1, quietFor: () => 0, giveUpMs: 100 });
    expect(never).toEqual({ sent: 0, gaveUp: true, unexpected: [] });
    expect(warmUpFolders().filter((f) => !before.has(f))).toEqual([]);
  });

  it('erp-sim serve --state: after the warm-up the host holds only its own environments, and its state and journal files name no warm-up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warm-up-cli-'));
    const state = join(dir, 'state.jsonl');
    // --log says when the warm-up is over.
    const cli = await startCli(['--port', '0', '--state', state, '--log'], (out) => /warm-up: \d+ requests to a host of its own/.test(out));
    try {
      const url = cli.url;
      // Everything this host logged until the warm-up was over (the test's own request comes next).
      const logged = cli.output();
      const list = (await (await fetch(`${url}/sim/_admin/environments`)).json()) as { items: { name: string }[] };
      expect(list.items.map((e) => e.name).sort()).toEqual(['odata (created at start)', 'receivables (created at start)']);
      // None of the warm-up's requests reached this host's access log either.
      expect(logged).not.toMatch(/ (GET|POST) \/sim\//);
      for (const file of [state, `${state}.journal.jsonl`]) if (existsSync(file)) expect(readFileSync(file, 'utf8')).not.toContain('warm-up');
    } finally {
      cli.child.kill('SIGTERM');
    }
  });
});

// Issue 37 § 3 (Docs that cannot drift): every block marked runnable in README.md and docs/test.md
// runs, against a Node host started from the sources, exits 0, and prints output of the shape the
// docs show. The marker and the output convention: docs/architecture.md § Writing the docs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type StartedCli } from '../support/cli.ts';
import { parse, read, ROOT, type Block } from './markdown.ts';

const FILES = ['README.md', 'docs/test.md'];
/** The address the blocks are written against (`npm run serve`'s default); the test's host replaces it. */
const WRITTEN_HOST = 'http://127.0.0.1:8787';
const API = join(ROOT, 'src/hosts/node/api/index.ts');

const runnable = FILES.flatMap((file) =>
  parse(read(file))
    .blocks.filter((b) => /^(sh|bash|js|ts)\s+runnable\b/.test(b.info))
    .map((block) => ({ name: `${file}:${block.line} (${block.info})`, block })),
);

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const kind = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Where `actual` differs in shape from `shown`: the same keys and value types, arrays by their first element. */
function shapeDiff(shown: Json, actual: Json, at = '$'): string[] {
  if (kind(shown) !== kind(actual)) return [`${at}: shown ${kind(shown)}, got ${kind(actual)}`];
  if (Array.isArray(shown) && Array.isArray(actual)) {
    if (shown.length === 0) return actual.length === 0 ? [] : [`${at}: shown empty, got ${actual.length} items`];
    if (actual.length === 0) return [`${at}: shown items, got none`];
    return actual.flatMap((item, i) => shapeDiff(shown[0] as Json, item, `${at}[${i}]`));
  }
  if (kind(shown) === 'object') {
    const [s, a] = [shown as Record<string, Json>, actual as Record<string, Json>];
    const keys = (o: object) => Object.keys(o).sort().join(',');
    if (keys(s) !== keys(a)) return [`${at}: shown keys ${keys(s)}, got ${keys(a)}`];
    return Object.keys(s).flatMap((k) => shapeDiff(s[k] as Json, a[k] as Json, `${at}.${k}`));
  }
  return [];
}

const asJson = (text: string): Json | undefined => {
  if (!/^[[{]/.test(text.trim())) return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
};

/** Each shown line against the printed one: JSON by shape, text with `…` for any run of text. */
function outputDiff(shown: string, printed: string): string[] {
  const want = shown.trimEnd().split('\n');
  const got = printed.trimEnd().split('\n');
  if (want.length !== got.length) return [`shown ${want.length} lines, printed ${got.length}:\n${printed}`];
  return want.flatMap((line, i) => {
    const actual = got[i] as string;
    const json = asJson(line);
    if (json !== undefined) {
      const parsed = asJson(actual);
      return parsed === undefined ? [`line ${i + 1}: shown JSON, printed ${actual}`] : shapeDiff(json, parsed).map((d) => `line ${i + 1}: ${d}`);
    }
    const pattern = new RegExp(`^${line.split('…').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    return pattern.test(actual) ? [] : [`line ${i + 1}: shown ${line}, printed ${actual}`];
  });
}

describe('runnable blocks of README.md and docs/test.md (issue 37 § 3)', { timeout: 60_000 }, () => {
  let host: StartedCli;
  let dir: string;

  beforeAll(async () => {
    // The class code is the README's, so that its class example runs as written.
    host = await startCli(['--port', '0', '--no-warm-up', '--class-code', 'simclass_room-twelve'], (out) => out.includes('Class:'));
    dir = mkdtempSync(join(tmpdir(), 'erp-sim-docs-'));
  }, 60_000);

  afterAll(() => {
    host?.child.kill('SIGINT');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the README\'s three paths and the test guide\'s example (a sweep that finds none would pass vacuously)', () => {
    expect(runnable.filter((r) => r.name.startsWith('README.md')).length).toBeGreaterThanOrEqual(3);
    expect(runnable.filter((r) => r.name.startsWith('docs/test.md')).length).toBeGreaterThanOrEqual(1);
  });

  it.each(runnable)('$name runs and prints what the docs show', async ({ block }: { block: Block }) => {
    let result;
    if (/^(sh|bash)\b/.test(block.info)) {
      const script = block.body.replaceAll(WRITTEN_HOST, host.url);
      result = await run('bash', ['-e', '-o', 'pipefail', '-c', script], dir);
    } else {
      const file = join(dir, `block-${block.line}.mts`);
      writeFileSync(file, block.body.replace(/(['"])erp-integration-simulator\1/g, JSON.stringify(API)));
      result = await run(process.execPath, ['--import', 'tsx', file], ROOT);
    }
    expect(result.code, `exit code; stderr: ${result.stderr}\nstdout: ${result.stdout}`).toBe(0);
    const shown = block.next && /^text\s+output\b/.test(block.next.info) ? block.next.body : undefined;
    if (shown !== undefined) expect(outputDiff(shown, result.stdout)).toEqual([]);
  });
});

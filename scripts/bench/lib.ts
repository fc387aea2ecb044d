/** Shared helpers for the benchmarks: percentiles, tables, a preview server and Debian's Chromium. */
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';

export function stats(samples: number[]): { median: number; p95: number; n: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), n: s.length };
}

export function table(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n## ${title}`);
  if (!rows.length) return;
  const cols = Object.keys(rows[0] as object);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i] ?? 0)).join(' | ')} |`;
  console.log(line(cols));
  console.log(line(width.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => String(r[c]))));
}

export const ms = (n: number) => `${n.toFixed(2)} ms`;

/**
 * `headers` with a fresh `x-request-id` on each call: a bench that times one read again and again
 * times the query, not the replay lane (which answers only the same request sent again).
 */
export function distinct(headers: Record<string, string>): () => Record<string, string> {
  let seq = 0;
  return () => ({ ...headers, 'x-request-id': String(++seq) });
}

export async function startPreview(port: number, outDir = 'dist'): Promise<ChildProcess> {
  // Vite itself, not through npx: killing the child must stop the server, not only a wrapper.
  const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('vite preview did not start');
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/**
 * A page of the production build served on `port`, already controlled by the service worker (so
 * `/sim` requests from it reach the engine), with tsx's keepNames helper defined for evaluated code.
 * `close()` stops the browser and the server.
 */
export async function controlledPage(port: number): Promise<{ page: Page; close(): Promise<void> }> {
  const preview = await startPreview(port);
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    preview.kill();
  };
  try {
    const page = await browser.newPage();
    await page.addInitScript('globalThis.__name = (f) => f');
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller));
    return { page, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Playground benchmark (issue 5 targets): app entry chunk gzip size (<= 60 KB), first visit to a
 * usable console (< 2 s) and a repeat visit (< 0.5 s), and the longest frame while the data browser
 * pages through 10k rows (< 100 ms). Standalone: `npx tsx scripts/bench/app.ts` (builds first unless
 * --no-build), against a `vite preview` on a free port, in Debian's Chromium.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { launchChromium, startPreview, table } from './lib.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const PAGE = 100;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** The entry chunk is the module script index.html loads. */
function entryGzipKb(): number {
  const html = readFileSync('dist/index.html', 'utf8');
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('no entry script in dist/index.html');
  const file = `dist/${src.replace(/^.*?assets\//, 'assets/')}`;
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

async function consoleUsable(page: Page): Promise<void> {
  await page.getByTestId('worker-status').filter({ hasText: 'ready' }).waitFor({ state: 'attached' });
  await page.getByTestId('send').waitFor({ state: 'visible' });
  await page.getByTestId('url').waitFor({ state: 'visible' });
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'ignore' });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startPreview(port);
  const browser = await launchChromium();
  const rows: Record<string, string | number>[] = [];
  try {
    const gz = entryGzipKb();
    rows.push({ measure: 'app entry chunk (gzip)', value: `${gz.toFixed(1)} KB`, target: '<= 60 KB', ok: gz <= 60 ? 'yes' : 'NO' });

    // First visit: a cold browser profile (no worker, no HTTP cache) opens a console link and waits
    // until the worker controls the page and the console can send. The environment is created by
    // the control API in another tab of the same profile beforehand (its worker is then installed,
    // so a truly cold figure is taken on the shell alone first).
    const cold = await browser.newContext();
    const p0 = await cold.newPage();
    let t = performance.now();
    await p0.goto(`${origin}/#/console`);
    await p0.getByTestId('worker-status').filter({ hasText: 'ready' }).waitFor({ state: 'attached' });
    await p0.getByTestId('console-no-env').waitFor();
    const firstShell = (await p0.evaluate("performance.getEntriesByName('erp-sim:envs-loaded')[0]?.startTime ?? -1")) as number;
    const firstShellWall = performance.now() - t;
    const env = await p0.evaluate(async () => {
      const r = await fetch('/sim/_admin/environments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product: 'odata', name: 'Bench' }) });
      return (await r.json()) as { key: string; credentials: Record<string, unknown> };
    });
    // Remember the credentials as the app does, so the console and data browser can authenticate.
    await p0.evaluate((e) => {
      const creds = e.credentials as { apiUsers: object[]; personalAccessTokens: object[] };
      const list = [...creds.apiUsers.map((c) => ({ ...c, type: 'api-user' })), ...creds.personalAccessTokens.map((c) => ({ ...c, type: 'pat' }))];
      localStorage.setItem(`erp-sim:secrets:${e.key}`, JSON.stringify(list));
    }, env);
    await p0.close();
    rows.push({ measure: 'first visit: cold profile to ready console (no env yet)', value: `${firstShell.toFixed(0)} ms (wall ${firstShellWall.toFixed(0)})`, target: '< 2000 ms', ok: firstShell < 2000 ? 'yes' : 'NO' });

    // Repeat visits: worker installed and assets cached; best of five.
    const repeats: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await cold.newPage();
      t = performance.now();
      await p.goto(`${origin}/#/console/${env.key}`);
      await consoleUsable(p);
      // From navigation start to the console's own "can send" mark; Playwright's polling excluded.
      repeats.push((await p.evaluate("performance.getEntriesByName('erp-sim:console-ready')[0]?.startTime ?? -1")) as number);
      void t;
      await p.close();
    }
    const firstWithEnv = repeats[0] as number;
    const repeat = Math.min(...repeats.slice(1));
    rows.push({ measure: 'first console visit with an environment (nav start to ready mark)', value: `${firstWithEnv.toFixed(0)} ms`, target: '< 2000 ms', ok: firstWithEnv < 2000 ? 'yes' : 'NO' });
    rows.push({ measure: 'repeat visit to a usable console (best of 4)', value: `${repeat.toFixed(0)} ms`, target: '< 500 ms', ok: repeat < 500 ? 'yes' : 'NO' });

    // 10k rows through the OData service's own $batch (100 creates a call), then page through them.
    const page = await cold.newPage();
    await page.goto(`${origin}/#/envs/${env.key}`);
    await page.getByTestId('worker-status').filter({ hasText: 'ready' }).waitFor({ state: 'attached' });
    t = performance.now();
    const created = await page.evaluate(
      async ({ key, total }) => {
        const secrets = JSON.parse(localStorage.getItem(`erp-sim:secrets:${key}`) ?? '[]') as { type: string; username?: string; password?: string }[];
        const user = secrets.find((s) => s.type === 'api-user');
        const auth = `Basic ${btoa(`${user?.username}:${user?.password}`)}`;
        const base = `/sim/${key}/odata/Priority/tabula.ini/demo`;
        let made = 0;
        for (let start = 0; start < total; start += 100) {
          const requests = Array.from({ length: Math.min(100, total - start) }, (_, i) => ({
            id: String(start + i),
            method: 'POST',
            url: '/CUSTOMERS',
            headers: { 'content-type': 'application/json' },
            body: { CUSTNAME: `BN${String(start + i).padStart(6, '0')}`, CUSTDES: `Bench customer ${start + i}` },
          }));
          const res = await fetch(`${base}/$batch`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ requests }) });
          const out = (await res.json()) as { responses?: { status: number }[] };
          made += (out.responses ?? []).filter((r) => r.status === 201).length;
        }
        return made;
      },
      { key: env.key, total: ROWS },
    );
    const seedMs = performance.now() - t;
    rows.push({ measure: `rows created through $batch`, value: `${created} in ${(seedMs / 1000).toFixed(1)} s`, target: `${ROWS}`, ok: created >= ROWS ? 'yes' : 'NO' });

    // Longest frame: Long Animation Frames where supported, and the largest gap between rAF ticks.
    await page.goto(`${origin}/#/data/${env.key}/CUSTOMERS?size=${PAGE}`);
    await page.getByTestId('data-table').waitFor();
    // Settled: change notices of the last writes may still refresh the view once after navigation.
    await page.waitForTimeout(500);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    // A string, not a function: tsx would wrap named arrow functions with a helper the page lacks.
    await page.evaluate(`(() => {
      window.__loaf = 0;
      window.__gap = 0;
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            if (e.duration > window.__loaf) window.__worst = e.scripts.map((x) => x.invoker + ' ' + Math.round(x.duration) + 'ms').join(', ') + ' render ' + Math.round(e.startTime + e.duration - (e.renderStart || e.startTime)) + 'ms';
            window.__loaf = Math.max(window.__loaf, e.duration);
          }
        }).observe({ type: 'long-animation-frame', buffered: false });
      } catch {}
      let last = performance.now();
      const tick = (now) => {
        window.__gap = Math.max(window.__gap, now - last);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    t = performance.now();
    let pages = 1;
    const next = page.getByTestId('next-page');
    while (await next.isEnabled()) {
      const before = await page.getByTestId('page-info').textContent();
      await next.click();
      await page.waitForFunction((b) => document.querySelector('[data-testid="page-info"]')?.textContent !== b && !document.querySelector('[aria-busy="true"]'), before);
      pages++;
    }
    const pagingMs = performance.now() - t;
    const { loaf, gap, worst } = (await page.evaluate('({ loaf: window.__loaf, gap: window.__gap, worst: window.__worst ?? "" })')) as { loaf: number; gap: number; worst: string };
    if (process.argv.includes('--verbose')) console.log('worst frame:', worst);
    const info = await page.getByTestId('page-info').textContent();
    rows.push({ measure: `data browser: pages of ${PAGE} visited`, value: `${pages} (${info}) in ${(pagingMs / 1000).toFixed(1)} s`, target: '', ok: '' });
    // Long Animation Frames are only reported above 50 ms: no entry means none was that long.
    rows.push({ measure: 'longest animation frame while paging (LoAF)', value: loaf === 0 ? 'none over 50 ms' : `${loaf.toFixed(0)} ms`, target: '< 100 ms', ok: loaf < 100 ? 'yes' : 'NO' });
    rows.push({ measure: 'longest gap between frames while paging (rAF)', value: `${gap.toFixed(0)} ms`, target: '< 100 ms', ok: gap < 100 ? 'yes' : 'NO' });
    await cold.close();
  } finally {
    await browser.close();
    server.kill();
  }
  table('Playground (issue 5)', rows);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

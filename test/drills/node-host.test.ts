// Issue 23 § Contract ("control API, both hosts"), over real HTTP in the Node host with its real
// timer: a dropped create is a reset socket (fetch rejects), the slow answer really holds the read
// and ends when the client's connection closes (the host passes the abort on), and the report and
// its JUnit XML come over HTTP; --state keeps a running drill across a restart.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { startNodeHost } from '../../src/hosts/node/server.ts';

const ROOT = '/odata/Priority/tabula.ini/demo';

async function odataEnv(url: string) {
  const env = (await (await fetch(`${url}/sim/_admin/environments`, { method: 'POST', body: '{"product":"odata"}' })).json()) as { key: string; credentials: { apiUsers: { username: string; password: string }[] } };
  const user = env.credentials.apiUsers[0]!;
  return { key: env.key, root: `${url}/sim/${env.key}${ROOT}`, auth: { authorization: `Basic ${btoa(`${user.username}:${user.password}`)}` } };
}

describe('drills in the Node host (issue 23 § Contract, both hosts)', () => {
  it('a dropped create resets the socket; a client that times out on the slow read and asks again is "timed out and retried"; JUnit over HTTP', async () => {
    // The real clock, moved on by `skew` where the test would otherwise wait out a window.
    let skew = 0;
    const host = await startNodeHost({ port: 0, host: '127.0.0.1', clock: () => Date.now() + skew });
    try {
      const env = await odataEnv(host.url);
      const started = await fetch(`${host.url}/sim/_admin/environments/${env.key}/drills`, { method: 'POST', body: '{"plan":["connection-dropped-before-write","slow-answer"]}' });
      expect(started.status).toBe(201);
      const body = JSON.stringify({ CUSTNAME: 'NODE1', CUSTDES: 'Node drill' });
      const post = () => fetch(`${env.root}/CUSTOMERS`, { method: 'POST', body, headers: { ...env.auth, 'content-type': 'application/json' } });
      await expect(post()).rejects.toThrow(); // ECONNRESET, as a real dropped connection
      expect((await post()).status).toBe(201);
      // Step 1 watches its 60 s window for a second record (issue 23 step 5: exactly once within 60 s).
      skew += 60_000;

      // The real 8 s timer, cut short by the client's own 300 ms timeout.
      const t0 = performance.now();
      await expect(fetch(`${env.root}/CUSTOMERS?$top=1`, { headers: env.auth, signal: AbortSignal.timeout(300) })).rejects.toThrow();
      expect(performance.now() - t0).toBeLessThan(2000);
      const again = await fetch(`${env.root}/CUSTOMERS?$top=1`, { headers: env.auth });
      expect(again.status).toBe(200);
      await host.engine.settled();

      const report = await (await fetch(`${host.url}/sim/_admin/environments/${env.key}/drills/drill-1`)).json();
      expect(report.steps.map((s: { verdict: string }) => s.verdict)).toEqual(['pass', 'info']);
      expect(report.steps[1].explanation).toMatch(/^Timed out and retried: stopped waiting after 0\.\d s and sent the request again/);
      expect(report.steps[1].catalog).toBeNull();
      expect(report.steps[0].catalog.href).toBe(`${host.url}/#/errors?q=SIM-FAULT-DROP`);
      const xml = await (await fetch(`${host.url}/sim/_admin/environments/${env.key}/drills/drill-1/junit.xml`)).text();
      const suite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => n === 'testcase' }).parse(xml).testsuites.testsuite;
      expect(suite.testcase).toHaveLength(2);
      expect(suite['@failures']).toBe('0');
      expect(suite.properties.property.find((p: Record<string, string>) => p['@name'] === 'environment')['@value']).toBe(env.key);
    } finally {
      await host.close();
    }
  });

  // Issue 39 § 3 (the drill's optional throttled step) and § Done when ("works through both hosts").
  it('the throttled step over HTTP: the real-limits profile set by PUT, the 429 with Retry-After, a call too soon refused again, the JUnit failure', async () => {
    let skew = 0;
    const host = await startNodeHost({ port: 0, host: '127.0.0.1', clock: () => Date.now() + skew });
    try {
      const env = await odataEnv(host.url);
      const drills = `${host.url}/sim/_admin/environments/${env.key}/drills`;
      expect((await fetch(drills, { method: 'POST', body: '{"plan":["throttled"]}' })).status).toBe(400);
      expect((await fetch(`${host.url}/sim/_admin/environments/${env.key}/limits`, { method: 'PUT', body: '{"profile":"real-product"}' })).status).toBe(200);
      expect((await fetch(drills, { method: 'POST', body: '{"plan":["throttled","throttled"]}' })).status).toBe(201);
      const first = await fetch(`${env.root}/CUSTOMERS?$top=1`, { headers: env.auth });
      expect(first.status).toBe(429);
      expect(first.headers.get('retry-after')).toBe('2');
      expect(first.headers.get('x-sim-injected')).toBe('drill-1 step 1');
      expect((await first.json()).error.code).toBe('429');
      // Too soon: refused again, and step 1 fails; step 2 then takes the next call.
      expect((await fetch(`${env.root}/AGENTS?$top=1`, { headers: env.auth })).status).toBe(429);
      await host.engine.settled();
      expect((await fetch(`${env.root}/CUSTOMERS?$top=1`, { headers: env.auth })).status).toBe(429);
      skew += 2500;
      expect((await fetch(`${env.root}/CUSTOMERS?$top=1`, { headers: env.auth })).status).toBe(200);
      await host.engine.settled();
      const report = await (await fetch(`${drills}/drill-1`)).json();
      expect(report.steps.map((s: { verdict: string }) => s.verdict)).toEqual(['fail', 'pass']);
      expect(report.steps[0].catalog.href).toBe(`${host.url}/#/errors?q=OD-429-THROTTLED`);
      const xml = await (await fetch(`${drills}/drill-1/junit.xml`)).text();
      const suite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => n === 'testcase' }).parse(xml).testsuites.testsuite;
      expect(suite['@failures']).toBe('1');
      expect(suite.testcase[0]['@name']).toMatch(/^1 throttled: /);
    } finally {
      await host.close();
    }
  });

  it('with --state a running drill, with the step it injected, survives a restart', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'drill-')), 'state.jsonl');
    const first = await startNodeHost({ port: 0, host: '127.0.0.1', stateFile: state });
    const env = await odataEnv(first.url);
    try {
      await fetch(`${first.url}/sim/_admin/environments/${env.key}/drills`, { method: 'POST', body: '{"plan":"standard"}' });
      expect((await fetch(`${env.root}/CUSTOMERS?$top=1`, { headers: env.auth })).status).toBe(401);
      await first.engine.settled();
    } finally {
      await first.close();
    }
    const second = await startNodeHost({ port: 0, host: '127.0.0.1', stateFile: state });
    try {
      const root = env.root.replace(first.url, second.url);
      const mid = await (await fetch(`${second.url}/sim/_admin/environments/${env.key}/drills/drill-1`)).json();
      expect(mid.steps[0]).toMatchObject({ phase: 'watching', request: `GET ${ROOT}/CUSTOMERS?$top=1` });
      expect((await fetch(`${root}/CUSTOMERS?$top=1`, { headers: env.auth })).status).toBe(200);
      const after = await (await fetch(`${second.url}/sim/_admin/environments/${env.key}/drills/drill-1`)).json();
      expect(after.steps[0].verdict).toBe('pass');
      expect(after.steps[1].phase).toBe('armed');
    } finally {
      await second.close();
    }
  });
});

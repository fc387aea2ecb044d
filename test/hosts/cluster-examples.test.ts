// Issue 38 § 2-3: the operator's examples in examples/cluster are validated (not run: CI has no
// Docker daemon). HAProxy's own check of its config (haproxy -c, installed by .ci/run), the
// Dockerfile's non-root user and health check, and the compose file's services and wiring.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const DIR = 'examples/cluster';

describe('examples/cluster (issue 38 §§ 2-3)', () => {
  it('haproxy -c accepts the config; it hashes /sim/<key> consistently and checks /sim/_ready', () => {
    const r = spawnSync('haproxy', ['-c', '-f', `${DIR}/haproxy.cfg`], { encoding: 'utf8' });
    expect(r.error, 'haproxy is not installed (apt-get install -y haproxy; .ci/run installs it)').toBeUndefined();
    expect(r.status, r.stderr).toBe(0);
    expect(`${r.stdout}${r.stderr}`).toMatch(/Configuration file is valid/);
    const cfg = readFileSync(`${DIR}/haproxy.cfg`, 'utf8');
    expect(cfg).toMatch(/^\s*balance uri path-only depth 2$/m);
    expect(cfg).toMatch(/^\s*hash-type consistent$/m);
    expect(cfg).toMatch(/^\s*option httpchk GET \/sim\/_ready$/m);
  });

  it('the Dockerfile runs as a non-root user and checks /sim/_health', () => {
    const text = readFileSync(`${DIR}/Dockerfile`, 'utf8');
    const users = [...text.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
    expect(users.at(-1)).toBe('node');
    expect(text).toMatch(/^HEALTHCHECK [^\n]*\\\n\s+CMD [^\n]*\/sim\/_health/m);
    expect(text).toMatch(/^EXPOSE 8787$/m);
  });

  it('the compose file has PostgreSQL, two hosts on it (each advertising its own URL) and HAProxy with that config', () => {
    const compose = parse(readFileSync(`${DIR}/compose.yaml`, 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string; build?: { dockerfile: string }; command?: string[]; environment?: Record<string, string>; volumes?: string[]; healthcheck?: unknown }>;
    };
    const s = compose.services;
    expect(Object.keys(s).sort()).toEqual(['db', 'haproxy', 'sim1', 'sim2']);
    expect(s.db?.image).toMatch(/^postgres:/);
    expect(s.db?.healthcheck).toBeDefined();
    for (const name of ['sim1', 'sim2']) {
      const host = s[name];
      expect(host?.build?.dockerfile).toBe(`${DIR}/Dockerfile`);
      expect(host?.environment?.SIM_STORE).toMatch(/^postgres:\/\/[^@]+@db:5432\//);
      expect(host?.command).toEqual(expect.arrayContaining(['--advertise', `http://${name}:8787`]));
    }
    expect(s.haproxy?.image).toMatch(/^haproxy:/);
    expect(s.haproxy?.volumes).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    const cfg = readFileSync(`${DIR}/haproxy.cfg`, 'utf8');
    for (const name of ['sim1', 'sim2']) expect(cfg).toContain(`server ${name} ${name}:8787`);
  });
});

import { describe, expect, it } from 'vitest';
import { odata } from '../../../src/engine/products/odata/product.ts';
import { createEnv } from '../../support/sim.ts';
import { basic, odataEnv, ROOT } from '../helpers.ts';

describe('authentication (spec 001 § Authentication)', () => {
  it('rule 1: no credential -> empty 401 with WWW-Authenticate: Basic and no realm', async () => {
    const e = await odataEnv();
    const res = await e.sim.fetch(`${e.root}/CUSTOMERS`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic');
    expect(await res.text()).toBe('');
  });

  it('rule 1: API user with its password reads; wrong password -> 401', async () => {
    const e = await odataEnv();
    expect((await e.get('/CUSTOMERS?$top=1')).status).toBe(200);
    const bad = await e.sim.fetch(`${e.root}/CUSTOMERS`, { headers: { authorization: basic(e.user, `${e.password}x`) } });
    expect(bad.status).toBe(401);
    expect(await bad.text()).toBe('');
  });

  it('rule 1: usernames are case-sensitive', async () => {
    const e = await odataEnv();
    const res = await e.sim.fetch(`${e.root}/CUSTOMERS`, { headers: { authorization: basic(e.user.toUpperCase(), e.password) } });
    expect(res.status).toBe(401);
  });

  it('rule 1: malformed Authorization headers -> 401', async () => {
    const e = await odataEnv();
    for (const h of ['Bearer abc', 'Basic', 'Basic !!!', `Basic ${btoa('nocolon')}`, `Basic ${btoa(':' + e.password)}`]) {
      const res = await e.sim.fetch(`${e.root}/CUSTOMERS`, { headers: { authorization: h } });
      expect(res.status, h).toBe(401);
    }
  });

  it('rule 2: a PAT as username with literal password PAT runs as the owner', async () => {
    const e = await odataEnv();
    const res = await e.sim.fetch(`${e.root}/GetLoginName`, { headers: { authorization: basic(e.pat, 'PAT') } });
    expect(res.status).toBe(200);
    expect((await res.json()).value).toBe('sarah');
    const api = await e.get('/GetLoginName');
    expect((await api.json()).value).toBe(e.user);
  });

  it('rule 2: a PAT with another password, an unknown token or a revoked token -> empty 401', async () => {
    const e = await odataEnv();
    const tries = [basic(e.pat, 'pat'), basic(e.pat, e.password), basic(`${e.pat}0`, 'PAT')];
    for (const h of tries) expect((await e.sim.fetch(`${e.root}/CUSTOMERS`, { headers: { authorization: h } })).status).toBe(401);
    const list = await e.sim.admin('GET', `/environments/${e.key}`);
    const pat = list.body.credentials.find((c: { type: string }) => c.type === 'pat');
    expect((await e.sim.admin('DELETE', `/environments/${e.key}/credentials/${pat.id}`)).status).toBe(204);
    const res = await e.sim.fetch(`${e.root}/CUSTOMERS`, { headers: { authorization: basic(e.pat, 'PAT') } });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe('');
  });

  it('rule 3: unknown environment key -> 404 SIM-1000 problem whatever the credential', async () => {
    const e = await odataEnv();
    const res = await e.sim.fetch(`/sim/env_${'0'.repeat(32)}${ROOT}/CUSTOMERS`, { headers: { authorization: e.auth } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect((await res.json()).code).toBe('SIM-1000');
  });

  it('rule 3: the unknown-key 404 comes whatever the credential (none, PAT, garbage) and on any path', async () => {
    const e = await odataEnv();
    const unknown = `/sim/env_${'f'.repeat(32)}`;
    const creds: (string | undefined)[] = [undefined, basic(e.pat, 'PAT'), 'Basic !!!', 'Bearer x'];
    for (const authorization of creds) {
      for (const p of [`${ROOT}/CUSTOMERS`, `${ROOT}/$batch`, '/foo', '']) {
        const res = await e.sim.fetch(`${unknown}${p}`, { method: p.endsWith('$batch') ? 'POST' : 'GET', headers: authorization ? { authorization } : {} });
        expect(res.status, `${authorization} ${p}`).toBe(404);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect((await res.json()).code).toBe('SIM-1000');
      }
    }
  });

  it('rule 1: credentials are revoked in settings; a revoked API user answers the empty 401', async () => {
    const e = await odataEnv();
    const env = await e.sim.admin('GET', `/environments/${e.key}`);
    const api = env.body.credentials.find((c: { type: string }) => c.type === 'api-user');
    expect((await e.sim.admin('DELETE', `/environments/${e.key}/credentials/${api.id}`)).status).toBe(204);
    const res = await e.sim.fetch(`${e.root}/CUSTOMERS`, { headers: { authorization: e.auth } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic');
    expect(await res.text()).toBe('');
  });

  it('rule 2: a PAT write runs as the token owner (OWNERLOGIN)', async () => {
    const e = await odataEnv();
    const res = await e.sim.fetch(`${e.root}/CUSTOMERS`, {
      method: 'POST',
      headers: { authorization: basic(e.pat, 'PAT'), 'content-type': 'application/json' },
      body: JSON.stringify({ CUSTNAME: 'PATW1', CUSTDES: 'Written with a PAT' }),
    });
    expect(res.status).toBe(201);
    expect((await res.json()).OWNERLOGIN).toBe('sarah');
  });

  it('rule 3: a valid credential of another environment -> empty 401', async () => {
    const e = await odataEnv();
    const other = await createEnv(e.sim, 'odata');
    const res = await e.sim.fetch(`${other.base}${ROOT}/CUSTOMERS`, { headers: { authorization: e.auth } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic');
    const pat = await e.sim.fetch(`${other.base}${ROOT}/CUSTOMERS`, { headers: { authorization: basic(e.pat, 'PAT') } });
    expect(pat.status).toBe(401);
  });

  it('rule 4: authentication precedes routing over the whole /odata prefix (wrong config-file or company)', async () => {
    const e = await odataEnv();
    for (const p of ['/odata', '/odata/', '/odata/Priority/other.ini/demo/CUSTOMERS', '/odata/Priority/tabula.ini/acme/CUSTOMERS', '/odata/x']) {
      const anon = await e.sim.fetch(`${e.base}${p}`);
      expect(anon.status, p).toBe(401);
      const authed = await e.sim.fetch(`${e.base}${p}`, { headers: { authorization: e.auth } });
      expect(authed.status, p).toBe(404);
      expect(await authed.text()).toBe('');
    }
  });

  it('rule 4: authentication precedes the $batch method check and write permission / body validation', async () => {
    const e = await odataEnv();
    expect((await e.sim.fetch(`${e.root}/$batch`)).status).toBe(401);
    const post = await e.sim.fetch(`${e.root}/TINVOICES`, { method: 'POST', body: 'not json' });
    expect(post.status).toBe(401);
    const patch = await e.sim.fetch(`${e.root}/CUSTOMERS('C1')`, { method: 'PATCH', body: '[' });
    expect(patch.status).toBe(401);
  });

  it('rule 4: paths outside /odata answer a bare 404 unauthenticated', async () => {
    const e = await odataEnv();
    // including a token endpoint: there is none (spec 001 § Authentication 1)
    for (const p of ['', '/', '/foo', '/odatax/Priority', '/ODATA/Priority/tabula.ini/demo', '/oauth/token', '/token']) {
      const res = await e.sim.fetch(`${e.base}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text()).toBe('');
    }
  });
});

describe('hosting refusals (spec 001 § Errors, unregistered method names)', () => {
  it('an unregistered method name -> empty 501', async () => {
    const e = await odataEnv();
    const res = await e.sim.fetch(`${e.root}/CUSTOMERS`, { method: 'PROPFIND', headers: { authorization: e.auth } });
    expect(res.status).toBe(501);
    expect(await res.text()).toBe('');
  });

  it('TRACE is refused by hosting with 405', async () => {
    const e = await odataEnv();
    // Web Request forbids constructing TRACE; a subclass reports it the way a host would.
    class TraceRequest extends Request {
      override get method(): string {
        return 'TRACE';
      }
    }
    const env = { path: `${ROOT}/CUSTOMERS` } as never;
    const res = await odata.app.fetch(new TraceRequest(`http://x${e.base}${ROOT}/CUSTOMERS`), env);
    expect(res.status).toBe(405);
  });
});

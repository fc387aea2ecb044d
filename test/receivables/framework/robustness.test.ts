// No input produces a 500 (issue 3 § 6 Isolation and bad input; spec 000 § limit "never refused").
import { expect, it } from 'vitest';
import { CRM, REST, receivablesEnv } from './support.ts';

it('odd paths, parameters, headers and bodies all get 2xx/4xx answers, never a 500', async () => {
  const r = await receivablesEnv();
  const C = `${CRM}/contacts`;
  const paths = [
    `${C}?q=%`, `${C}?q=%ZZ`, `${C}?limit=%ZZ`, `${C}?limit=1e309`, `${C}?offset=1e309`, `${C}?limit=-0`, `${C}?limit=+5`,
    `${C}?orderBy=`, `${C}?orderBy=,,`, `${C}?orderBy=:`, `${C}?fields=`, `${C}?fields=,`, `${C}?expand=`, `${C}?expand=,`,
    `${C}?finder=`, `${C}?finder=;`, `${C}?finder=PrimaryKey;`, `${C}?finder=PrimaryKey;PartyId`, `${C}?finder=PrimaryKey;PartyId=1,PartyId=2`,
    `${C}?links=`, `${C}?q=${'('.repeat(5000)}`, `${C}?q=${encodeURIComponent("LastName LIKE '" + '%'.repeat(2000) + "x'")}`,
    `${C}/%E0%A4%A`, `${C}/${'9'.repeat(400)}`, `${C}/300100/child/ContactPoint/${'9'.repeat(40)}`, `${C}/300100/child/ContactPoint/-1`,
    `${C}/300100/child/ContactPoint/1.5`, `${C}/`, `${CRM}/`, `${REST}/`, `${REST}/receivablesInvoices/%00`, `/oauth/token?x=1`,
    `${C}?q=${encodeURIComponent("LastUpdateDate>'2026-99-99T00:00:00Z'")}`, `${C}?q=${encodeURIComponent('PartyId>99999999999999999999999999999')}`,
  ];
  for (const p of paths) {
    const res = await r.call(p);
    expect(res.status, p).toBeLessThan(500);
    await res.text();
  }
  const bodies = ['', '{', '\u0000', 'grant_type=client_credentials&scope=%ZZ', 'a=1&a=2'];
  for (const body of bodies) {
    const t = await r.sim.fetch(`${r.base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic !!!' }, body });
    expect(t.status, body).toBeLessThan(500);
    const u = await r.sim.fetch(`${r.base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${btoa('no-colon')}` }, body });
    expect(u.status).toBe(400);
  }
  expect(r.sim.engine.stats.unhandledErrors).toBe(0);
});

// Issue 37 § 3 (Reference: docs/reference/control-api.md, every route): every control API route the
// engine registers (app.get/post/put/patch/delete in src/engine/admin/*.ts, and each product
// process's own control routes below /environments/<key>/<process>) has a row in the reference.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, read, ROOT } from './markdown.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ROUTE = /\bapp\.(get|post|put|patch|delete)\(\s*'([^']+)'/g;

/** A path with its parameters made alike (`:key`, `<key>`, `<drill id>` → `:p`), without /sim/_admin. */
const normal = (path: string) => path.replace(/^\/sim\/_admin/, '').replace(/:[A-Za-z]+|<[^>]+>/g, ':p').replace(/\/$/, '');

function codeRoutes(): string[] {
  const found: string[] = [];
  const admin = join(ROOT, 'src/engine/admin');
  for (const f of readdirSync(admin).filter((n) => n.endsWith('.ts')))
    for (const [, method, path] of readFileSync(join(admin, f), 'utf8').matchAll(ROUTE)) found.push(`${(method as string).toUpperCase()} ${normal(path as string)}`);
  // A product process (e.g. AutoMatch) answers below /environments/<key>/<its name>.
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
  for (const file of walk(join(ROOT, 'src/engine/products'))) {
    const text = readFileSync(file, 'utf8');
    const name = /:\s*ProductProcess\s*=\s*\{\s*name:\s*'([^']+)'/.exec(text)?.[1];
    if (!name) continue;
    for (const [, method, path] of text.matchAll(ROUTE)) found.push(`${(method as string).toUpperCase()} ${normal(`/environments/:key/${name}${path === '/' ? '' : path}`)}`);
  }
  return [...new Set(found)];
}

/** Every METHOD path a table row of the reference names: methods × paths, `[/<id>]` both ways, `[?…]` dropped. */
function documentedRoutes(): Set<string> {
  const out = new Set<string>();
  for (const line of parse(read('docs/reference/control-api.md')).prose) {
    const cells = line.split(/(?<!\\)\|/).map((c) => c.trim());
    if (cells.length < 4) continue;
    const methods = (cells[1] as string).split('/').map((m) => m.trim()).filter((m) => METHODS.includes(m));
    for (const [, written] of (cells[2] as string).matchAll(/`([^`]+)`/g)) {
      const bare = (written as string).replace(/\[\?[^\]]*\]|\?.*$/, '');
      const absolute = bare.startsWith('/') ? bare : `/sim/_admin/environments/<key>/${bare}`;
      const forms = /\[([^\]]+)\]/.test(absolute) ? [absolute.replace(/\[[^\]]+\]/, ''), absolute.replace(/\[([^\]]+)\]/, '$1')] : [absolute];
      for (const m of methods) for (const f of forms) out.add(`${m} ${normal(f)}`);
    }
  }
  return out;
}

describe('docs/reference/control-api.md lists every control route (issue 37 § 3)', () => {
  it('finds the routes in the engine (a sweep that finds none would pass vacuously)', () => {
    const routes = codeRoutes();
    expect(routes.length).toBeGreaterThan(35);
    expect(routes).toContain('POST /environments/:p/automatch/run');
  });

  it('each route the engine registers has a row', () => {
    const documented = documentedRoutes();
    expect(codeRoutes().filter((r) => !documented.has(r))).toEqual([]);
  });
});

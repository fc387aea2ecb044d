// The worker's engine in parts (scripts/build/worker-parts.ts; issue 41 "Why it stays open": one
// engine script per product, loaded by importScripts at install and on a product's first request
// after a restart). The stubs must behave as the real exports, and the values a stub answers before
// its part is loaded must be the real ones. The browser side (a stopped worker answering every
// product, offline too) is e2e/foundation/worker-parts.spec.ts.
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyExport } from '../../scripts/build/worker-part-runtime.ts';
import { WORKER_PARTS } from '../../scripts/build/worker-parts.ts';

const host = globalThis as unknown as { self?: unknown };
const saved = host.self;
afterEach(() => {
  host.self = saved;
});

/** A host whose only part `p` registers entry `e0` with `ns`; counts the loads. */
function fakeHost(ns: Record<string, unknown>): { loads: number } {
  const seen = { loads: 0 };
  host.self = {
    erpSimLoadPart: (part: string) => {
      expect(part).toBe('p');
      seen.loads++;
      return { e0: ns };
    },
  };
  return seen;
}

describe('a stub of a part export', () => {
  it('calls a function, constructs a class and answers instanceof, loading the part once on first use', () => {
    class Fault extends Error {
      constructor(readonly code: string) {
        super(code);
      }
    }
    const seen = fakeHost({ twice: (n: number) => 2 * n, Fault });
    const twice = lazyExport('p', 'e0', 'twice') as (n: number) => number;
    const StubFault = lazyExport('p', 'e0', 'Fault') as typeof Fault;
    expect(seen.loads).toBe(0);
    expect(twice(21)).toBe(42);
    const made = new StubFault('X');
    expect(made).toBeInstanceOf(Fault);
    expect(made).toBeInstanceOf(StubFault);
    expect(new Fault('Y')).toBeInstanceOf(StubFault);
    expect(new Error('Z')).not.toBeInstanceOf(StubFault);
    expect(made.code).toBe('X');
    // One load per stub (each asks the host once; the host imports the script once).
    expect(seen.loads).toBe(2);
  });

  it('forwards reads, writes and methods of an object, and answers its statics without loading', () => {
    const product = {
      id: 'odata',
      title: 'OData',
      count: 0,
      bump(this: { count: number }) {
        return ++this.count;
      },
    };
    const seen = fakeHost({ product });
    const stub = lazyExport('p', 'e0', 'product', { id: 'odata' }) as typeof product;
    expect(stub.id).toBe('odata');
    expect('id' in stub).toBe(true);
    expect(seen.loads).toBe(0);
    expect(stub.title).toBe('OData');
    expect(stub.bump()).toBe(1);
    stub.title = 'changed';
    expect(product.title).toBe('changed');
    expect(seen.loads).toBe(1);
  });

  it('fails plainly when the part does not register the export', () => {
    fakeHost({});
    const missing = lazyExport('p', 'e0', 'missing') as () => void;
    expect(() => missing()).toThrow('The worker part p did not register e0.missing');
  });
});

describe('the parts', () => {
  it('answer before loading only what their modules really hold', async () => {
    for (const part of WORKER_PARTS) {
      for (const [entry, byExport] of Object.entries(part.statics ?? {})) {
        expect(part.entries).toContain(entry);
        const mod = (await import(resolve(entry))) as Record<string, unknown>;
        for (const [name, known] of Object.entries(byExport)) {
          if (typeof known !== 'object') expect(mod[name], `${entry} ${name}`).toBe(known);
          else for (const [key, value] of Object.entries(known)) expect((mod[name] as Record<string, unknown>)[key], `${entry} ${name}.${key}`).toBe(value);
        }
      }
    }
  });

  it('stub only what a proxy can stand for: every other export of an entry is a constant the stub holds', async () => {
    for (const part of WORKER_PARTS) {
      for (const entry of part.entries) {
        const mod = (await import(resolve(entry))) as Record<string, unknown>;
        for (const [name, value] of Object.entries(mod)) {
          if (typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
          expect(part.statics?.[entry]?.[name], `${entry} exports the constant ${name}: list it in statics`).toBe(value);
        }
      }
    }
  });

  it('hold their entries', () => {
    for (const part of WORKER_PARTS) {
      expect(part.entries.length).toBeGreaterThan(0);
      for (const entry of part.entries) expect(part.members.test(resolve(entry)), entry).toBe(true);
    }
  });
});

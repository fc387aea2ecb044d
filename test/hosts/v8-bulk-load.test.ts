// Issue 38 § 4 (restart of a host with 100k invoices in PostgreSQL: first answer < 5 s): a large
// kind's load runs with V8 sizing the old generation by itself, and the host's own setting
// (v8-flags.ts, issue 14's RSS budget) is back once the last load ends, also when a load fails.
// V8 is mocked so the test process's own heap settings stay untouched.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const set = vi.hoisted(() => [] as string[]);
vi.mock('node:v8', () => ({ setFlagsFromString: (f: string) => set.push(f) }));

beforeEach(() => {
  set.length = 0;
  vi.resetModules();
});

const flags = () => import('../../src/hosts/node/v8-flags.ts');

describe('a bulk load lifts the host\'s heap-growing setting for its duration only', () => {
  it('does nothing where the host did not set it (a test process, or a setting the user chose)', async () => {
    const { tuneV8ForServer, whileLoadingInBulk } = await flags();
    expect(await whileLoadingInBulk(async () => 7)).toBe(7);
    expect(set).toEqual([]);
    const before = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = `${before ?? ''} --heap-growing-percent=50`;
    try {
      expect(tuneV8ForServer('start')).not.toContain('--heap-growing-percent=30');
      set.length = 0;
      await whileLoadingInBulk(async () => undefined);
      expect(set).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = before;
    }
  });

  it('lifts it once for loads that overlap and sets it back after the last, also after a failed load', async () => {
    const { tuneV8ForServer, whileLoadingInBulk } = await flags();
    expect(tuneV8ForServer('start')).toContain('--heap-growing-percent=30');
    set.length = 0;
    let endFirst!: () => void;
    const first = whileLoadingInBulk(() => new Promise<void>((r) => (endFirst = r)));
    const second = whileLoadingInBulk(async () => {
      throw new Error('the database went away');
    });
    await expect(second).rejects.toThrow('went away');
    expect(set).toEqual(['--heap-growing-percent=0']);
    endFirst();
    await first;
    expect(set).toEqual(['--heap-growing-percent=0', '--heap-growing-percent=30']);
    await whileLoadingInBulk(async () => undefined);
    expect(set.slice(2)).toEqual(['--heap-growing-percent=0', '--heap-growing-percent=30']);
  });

  it('lets the young generation grow during the load once the host held it (after listening), and holds it again after', async () => {
    const { tuneV8ForServer, whileLoadingInBulk } = await flags();
    tuneV8ForServer('start');
    expect(tuneV8ForServer('loaded')).toContain('--semi-space-growth-factor=1');
    set.length = 0;
    await whileLoadingInBulk(async () => {
      expect(set).toEqual(['--heap-growing-percent=0', '--semi-space-growth-factor=2']);
    });
    expect(set).toEqual(['--heap-growing-percent=0', '--semi-space-growth-factor=2', '--heap-growing-percent=30', '--semi-space-growth-factor=1']);
  });
});

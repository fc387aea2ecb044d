// Entries join the journal in the order their answers were given, whatever each entry's own work
// costs (issue 22 § Also: an entry's work now waits a turn of the event loop, so a slow entry, e.g.
// one whose hint runs PBKDF2, must still not be overtaken by the next request's).
import { describe, expect, it } from 'vitest';
import { Journal } from '../../src/engine/journal/journal.ts';
import { MemoryJournalPersistence } from '../../src/engine/journal/memory-persistence.ts';

const info = (path: string) => ({ env: 'env_a', product: 'odata' as const, service: 'odata' as const, path, at: '2026-03-15T10:00:00.000Z' });

describe('journal order', () => {
  it('a slow entry keeps its place before the entries of later answers', async () => {
    const journal = new Journal(new MemoryJournalPersistence(), { flushDelayMs: 10 });
    let release!: (hint: string) => void;
    const slowHint = new Promise<string>((resolve) => (release = resolve));
    const first = journal.begin(new Request('http://sim.test/a'), info('/first'));
    const second = journal.begin(new Request('http://sim.test/b'), info('/second'));
    const a = await first.finish(new Response('no', { status: 401 }), { hint: () => slowHint });
    const b = await second.finish(new Response('ok'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release('slow');
    const [idA, idB] = [await a.entry, await b.entry];
    expect(idA).toBeLessThan(idB as number);
    const newestFirst = await journal.read('env_a', { limit: 10 });
    expect(newestFirst.map((e) => e.path)).toEqual(['/second', '/first']);
    expect(newestFirst[1]?.hint).toBe('slow');
    await journal.settled();
  });
});

// An answer made from a text goes out as it was made, and the journal keeps that text without
// reading the answer (issue 22 § Also: on the Node host a read made the lightweight answer a full
// one with a stream); any other answer is read once, for the client and the entry alike (issue 12 § 1).
import { describe, expect, it } from 'vitest';
import { bytesResponse, isDropped, jsonText, knownBytes, knownText, textResponse } from '../../src/engine/core/http.ts';
import { Journal } from '../../src/engine/journal/journal.ts';
import { MemoryJournalPersistence } from '../../src/engine/journal/memory-persistence.ts';
import { BODY_LIMIT } from '../../src/engine/journal/types.ts';

const info = { env: 'env_k', product: 'receivables' as const, service: 'rest' as const, path: '/x', at: '2026-03-15T10:00:00.000Z' };

describe('answers made from a text', () => {
  it('are handed back as they are, their text journaled; other answers are read once and rebuilt', async () => {
    const journal = new Journal(new MemoryJournalPersistence());
    const made = jsonText('{"ok":true}', 201);
    expect(knownText(made)).toBe('{"ok":true}');
    const first = await journal.begin(new Request('http://sim.test/x'), info).finish(made);
    expect(first.res).toBe(made);
    expect(made.bodyUsed).toBe(false);
    const streamed = new Response('{"other":1}', { status: 200, headers: { 'content-type': 'application/json' } });
    const second = await journal.begin(new Request('http://sim.test/x'), info).finish(streamed);
    expect(second.res).not.toBe(streamed);
    expect(await second.res.text()).toBe('{"other":1}');
    await journal.settled();
    const [newest, oldest] = await journal.read('env_k', { limit: 10 });
    expect(oldest?.response.body).toBe('{"ok":true}');
    expect(newest?.response.body).toBe('{"other":1}');
  });

  it("reads neither an answer's type nor a GET's body (either would make the Node host's lightweight objects full ones)", async () => {
    const journal = new Journal(new MemoryJournalPersistence());
    const untouchable = <T extends object>(o: T, key: string): T => Object.defineProperty(o, key, { get: () => expect.unreachable(`${key} was read`) });
    const req = untouchable(new Request('http://sim.test/x?limit=1'), 'body');
    const res = untouchable(jsonText('{"items":[]}', 200), 'type');
    const { res: sent } = await journal.begin(req, info).finish(res);
    expect(sent).toBe(res);
    await journal.settled();
    const [entry] = await journal.read('env_k', { limit: 1 });
    expect(entry?.status).toBe(200);
    expect(entry?.response.body).toBe('{"items":[]}');
    expect(entry?.request.body).toBeUndefined();
    // A dropped connection is still told apart, by its status.
    expect(isDropped(Response.error())).toBe(true);
    expect(isDropped(res)).toBe(false);
  });

  it('an answer made from bytes (a page assembled from kept items) goes out unread, its text journaled (issue 42 § Reads)', async () => {
    const journal = new Journal(new MemoryJournalPersistence());
    const body = new TextEncoder().encode('{"items":[{"name":"Zoë"}]}');
    const made = bytesResponse(body, { status: 200, headers: { 'content-type': 'application/json' } });
    expect(knownBytes(made)).toBe(body);
    const { res } = await journal.begin(new Request('http://sim.test/x'), info).finish(made);
    expect(res).toBe(made);
    expect(made.bodyUsed).toBe(false);
    const long = new TextEncoder().encode(`"${'é'.repeat(BODY_LIMIT * 2)}"`);
    await journal.begin(new Request('http://sim.test/x'), info).finish(bytesResponse(long, { status: 200, headers: { 'content-type': 'text/plain' } }));
    await journal.settled();
    const [cut, whole] = await journal.read('env_k', { limit: 10 });
    expect(whole?.response.body).toBe('{"items":[{"name":"Zoë"}]}');
    // Two bytes a character: the short prefix decoded first is too short, and the longer one is read.
    expect(cut?.response.body).toBe(`"${'é'.repeat(BODY_LIMIT - 1)}… [truncated]`);
  });

  it('a text past the entry limit is kept cut, as a read one is', async () => {
    const journal = new Journal(new MemoryJournalPersistence());
    const long = 'a'.repeat(BODY_LIMIT * 3);
    await journal.begin(new Request('http://sim.test/x'), info).finish(textResponse(long, { status: 200, headers: { 'content-type': 'text/plain' } }));
    await journal.settled();
    const [entry] = await journal.read('env_k', { limit: 10 });
    expect(entry?.response.body?.length).toBeLessThan(long.length);
    expect(entry?.response.body).toMatch(/^a+… \[truncated\]$/);
  });
});

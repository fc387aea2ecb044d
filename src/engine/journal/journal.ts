/**
 * The request journal (issue 12 § 1). The engine hands each request to an environment to `begin`
 * and its answer to `finish`; everything after that (reading the request's copy, redaction, the
 * entry, persistence) runs in the background, never inside the request's write transaction or the
 * environment's write lock, and only after a turn of the host's event loop, so the answer is sent
 * and requests already waiting start before it (issue 22 § Also). Entries are buffered in memory
 * and persisted in batches; `settled()` resolves when all of that is done (the worker keeps itself
 * alive on it with waitUntil).
 */
import type { ProductId } from '../core/types.ts';
import { yieldToHost } from '../core/yield.ts';
import { ReadOnceRequest } from '../core/read-once.ts';
import { bytesResponse, isBodiless, isDropped, knownBytes, knownText } from '../core/http.ts';
import { bodyPrefix, bytesPrefix, readOncePrefix, textPrefix } from './body-text.ts';
import { innerDrafts } from './batch.ts';
import { answerCode } from './codes.ts';
import { redactBody, redactHeaders, redactPath, truncateParts } from './redact.ts';
import { Ring, type JournalFilter } from './ring.ts';
import type { SecretIndex } from './secrets.ts';
import { readEntry, storeBody, storeEntry, type StoredBody, type StoredEntry } from './stored-entry.ts';
import { BODY_LIMIT, RING_SIZE, SOURCE_HEADER, sourceOf, type JournalEntry, type JournalPersistence, type JournalService, type JournalSource } from './types.ts';

/** An entry before its id, its bodies already as kept (stored-entry.ts). */
export type JournalDraft = Omit<StoredEntry, 'id'>;

/** How long entries wait in memory before one persistence write takes them all. */
const FLUSH_DELAY_MS = 250;
/** A flush starts at once when this many entries wait. */
const FLUSH_BATCH = 100;
/** The end of a body read in part that is dropped before redaction (longer than any escaped secret). */
const CUT_MARGIN = 1024;
/** Request bodies of a $batch are read whole (up to this) to journal each operation. */
const BATCH_READ_LIMIT = 1 << 20;

/** What follows the part kept of a body read in part. */
const CUT_MARK = '… [truncated]';

export interface BeginInfo {
  env: string;
  product: ProductId;
  service: JournalService;
  /** Relative to the environment base, query included. */
  path: string;
  /** Environment clock, ISO. */
  at: string;
  /** Host clock, ISO. */
  hostAt?: string;
  /** Absolute OData service root of the environment (for $batch operations' paths). */
  odataBase?: string;
}

export interface FinishInfo {
  injected?: string;
  /** The drill step that decided the answer (issue 23). */
  drill?: JournalEntry['drill'];
  /** Worked out before redaction (e.g. a token of another environment). */
  hint?: () => Promise<string | undefined>;
  /** Told the entry as kept, before it gets its id (the replay lane keeps it for the next same read). */
  onDraft?: (draft: JournalDraft) => void;
}

/** When a replayed answer was given and how long it took (the rest of its entry is the first one's). */
export interface ReplayMoment {
  at: string;
  hostAt: string;
  ms: number;
}

export interface Finished {
  /** The answer to send: the same status and headers, its body read once into memory. */
  res: Response;
  /** Resolves to the entry's id once it is recorded (undefined if it could not be). */
  entry: Promise<number | undefined>;
}

export interface Capture {
  /**
   * Journal the answer. An answer made from a text (core/http.ts `textResponse`) is handed back as
   * it is and its text journaled. Any other has its body read here, whole, and the answer handed
   * back carries those same bytes: the journal reads them too, so the answer is never a clone's
   * branch (a teed body reaches the client only after reads that wait on the event loop, behind
   * whatever runs meanwhile; and the Node host's fast path for a body held in memory is kept).
   */
  finish(res: Response, info?: FinishInfo): Promise<Finished>;
}

export interface JournalOptions {
  flushDelayMs?: number;
  /** The host's secrets, matched in every text of an entry whatever its shape (secrets.ts). */
  secrets?: SecretIndex;
  /** Told after a flush which environments got new entries (the worker posts `sim-journal`). */
  onFlushed?: (envs: string[]) => void;
  /** Entries kept per environment (default RING_SIZE, 500). */
  size?: number;
  /** An environment's own size, when it set one. */
  sizeOf?: (env: string) => number | undefined;
}

export class Journal {
  private readonly rings = new Map<string, Promise<Ring>>();
  private readonly unsaved = new Map<string, StoredEntry[]>();
  private readonly inflight = new Set<Promise<unknown>>();
  /** Per environment, the entries being recorded (answered requests whose entry is not in the ring yet). */
  private readonly recording = new Map<string, Set<Promise<void>>>();
  /**
   * Per environment, the last entry begun recording: each entry joins the ring after the one
   * answered before it, so ids follow the order of the answers whatever each entry's work costs
   * (a hint that runs PBKDF2 is slower than one that does not).
   */
  private readonly lastRecorded = new Map<string, Promise<unknown>>();
  private chain: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushWaiters: (() => void)[] = [];
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly persistence: JournalPersistence,
    private readonly opts: JournalOptions = {},
  ) {}

  /** Start journaling one request: a copy of its body is taken now, before the product reads it. */
  begin(request: Request, info: BeginInfo): Capture {
    const started = performance.now();
    // A body read once for every reader needs no copy; any other is cloned before the product reads it.
    const reqCopy = request instanceof ReadOnceRequest ? request : !isBodiless(request) && request.body ? request.clone() : null;
    const reqHeaders = redactHeaders(request.headers);
    // The playground's mark says who sent it; it is not part of the exchange a client would replay.
    const source = sourceOf(reqHeaders[SOURCE_HEADER]);
    delete reqHeaders[SOURCE_HEADER];
    return {
      finish: async (res, extra = {}) => {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        // An answer made from a text or bytes is not read (nor made again): they are the body.
        let resBody: Uint8Array<ArrayBuffer> | string | null = knownText(res) ?? knownBytes(res) ?? null;
        if (resBody === null && !isDropped(res) && res.body) {
          try {
            resBody = new Uint8Array(await res.arrayBuffer());
            res = bytesResponse(resBody, { status: res.status, statusText: res.statusText, headers: res.headers });
          } catch {
            // The body failed midway (a stream that errored): the client would have seen it fail too.
            res = Response.error();
            resBody = null;
          }
        }
        const recorded = this.record(info, source, request.method.toUpperCase(), reqHeaders, reqCopy, res, resBody, ms, extra, this.lastRecorded.get(info.env));
        this.enqueue(info.env, recorded);
        // The entry's id, for a drill step's evidence (undefined when recording failed).
        return { res, entry: recorded.catch(() => undefined) };
      },
    };
  }

  /**
   * Journal a read the replay lane answered with the kept answer of an earlier one (replay/lane.ts):
   * the same entry but for its moment, in order with the entries begun before it.
   */
  again(env: string, draft: JournalDraft, moment: ReplayMoment): void {
    const before = this.lastRecorded.get(env);
    this.enqueue(env, (async () => {
      await before?.catch(() => undefined);
      return this.add(env, { ...draft, ...moment });
    })());
  }

  /** Make `recorded` the environment's last entry, tracked until it is in the ring and persisted. */
  private enqueue(env: string, recorded: Promise<number>): void {
    this.lastRecorded.set(env, recorded);
    void recorded
      .catch(() => undefined)
      .finally(() => {
        if (this.lastRecorded.get(env) === recorded) this.lastRecorded.delete(env);
      });
    const settled = this.track(recorded);
    let pending = this.recording.get(env);
    if (!pending) this.recording.set(env, (pending = new Set()));
    pending.add(settled);
    void settled.finally(() => {
      pending.delete(settled);
      if (pending.size === 0 && this.recording.get(env) === pending) this.recording.delete(env);
    });
  }

  private async record(info: BeginInfo, source: JournalSource, method: string, reqHeaders: Record<string, string>, reqCopy: Request | null, res: Response, resBody: Uint8Array | string | null, ms: number, extra: FinishInfo, before: Promise<unknown> | undefined): Promise<number> {
    const batch = info.service === 'batch' && res.status === 200;
    const limit = batch ? BATCH_READ_LIMIT : BODY_LIMIT * 2;
    // The host's turn first: the answer goes out, and requests already waiting start, before the
    // entry's work (redaction alone is a millisecond for a large body; issue 22 § Also).
    await yieldToHost();
    const [reqText, hint] = await Promise.all([
      reqCopy instanceof ReadOnceRequest ? readOncePrefix(reqCopy, limit) : reqCopy ? bodyPrefix(reqCopy, limit) : Promise.resolve({ text: '', cut: false }),
      extra.hint ? extra.hint().catch(() => undefined) : Promise.resolve(undefined),
    ]);
    const resText = typeof resBody === 'string' ? textPrefix(resBody, limit) : resBody ? bytesPrefix(resBody, limit) : { text: '', cut: false };
    const resHeaders = isDropped(res) ? {} : redactHeaders(res.headers);
    const code = res.status >= 400 ? answerCode(resText.text).code : undefined;
    const draft: JournalDraft = {
      at: info.at,
      ...(info.hostAt ? { hostAt: info.hostAt } : {}),
      product: info.product,
      service: info.service,
      method,
      path: await this.secret(redactPath(info.path)),
      status: res.status,
      ms,
      ...(code ? { code } : {}),
      ...(hint ? { hint: await this.secret(hint) } : {}),
      ...(extra.injected ? { injected: extra.injected } : {}),
      ...(extra.drill ? { drill: extra.drill } : {}),
      source,
      request: { headers: await this.secretDeep(reqHeaders), ...(reqText.text ? { body: await this.keep(reqText, reqHeaders['content-type'] ?? null) } : {}) },
      response: { headers: await this.secretDeep(resHeaders), ...(resText.text ? { body: await this.keep(resText, resHeaders['content-type'] ?? null) } : {}) },
    };
    extra.onDraft?.(draft);
    // The entry of the answer before this one goes first (whether or not it could be recorded).
    await before?.catch(() => undefined);
    const parent = await this.add(info.env, draft);
    if (batch && info.odataBase && !reqText.cut && !resText.cut) {
      for (const inner of innerDrafts(draft, reqText.text, resText.text, info.odataBase)) {
        const kept = async (x: { headers: Record<string, string>; body?: string }) => ({
          headers: await this.secretDeep(x.headers),
          ...(x.body ? { body: await this.keep({ text: x.body, cut: false }, x.headers['content-type'] ?? 'application/json') } : {}),
        });
        await this.add(info.env, { ...inner, path: await this.secret(inner.path), request: await kept(inner.request), response: await kept(inner.response), parent });
      }
    }
    return parent;
  }

  private secret(text: string): Promise<string> {
    return this.opts.secrets ? this.opts.secrets.redact(text) : Promise.resolve(text);
  }

  private secretDeep<T>(value: T): Promise<T> {
    return this.opts.secrets ? this.opts.secrets.redactDeep(value) : Promise.resolve(value);
  }

  /**
   * A body as the entry keeps it: secret fields redacted, then every secret the host knows wherever
   * it is, then cut to BODY_LIMIT (redaction first, so no secret is cut in half and kept in part).
   */
  private async keep(body: { text: string; cut: boolean }, contentType: string | null): Promise<StoredBody> {
    if (!body.cut) return storeBody(...truncateParts(await this.secret(redactBody(body.text, contentType)), BODY_LIMIT));
    // What came of a body that arrived too late (less than the entry keeps and its margin) is kept.
    if (body.text.length <= BODY_LIMIT + CUT_MARGIN) return storeBody((await this.secret(redactBody(body.text.slice(0, BODY_LIMIT), contentType, true))).slice(0, BODY_LIMIT), CUT_MARK);
    // A body read only in part may end inside a secret, which nothing recognizes: what redaction
    // leaves of its last CUT_MARGIN characters (longer than any escaped secret) is never kept.
    // Redaction changes nothing after a secret it does not recognize, so such a secret stays in the
    // last characters however much redaction shortened what comes before it (by more than the
    // margin, when many secrets precede: then less than BODY_LIMIT is kept).
    // Only a prefix is redacted, the length the entry keeps and CUT_MARGIN more (longer when
    // redaction made it too short): a page of 25 invoices is read to 24,000 characters to keep
    // 4,096, and redacting all of them was a seventh of the host's time on a page (CPU profile).
    for (let n = BODY_LIMIT + CUT_MARGIN; ; n *= 2) {
      const whole = n >= body.text.length;
      const text = await this.secret(redactBody(whole ? body.text : body.text.slice(0, n), contentType, true));
      if (whole || text.length - CUT_MARGIN >= BODY_LIMIT) return storeBody(text.slice(0, Math.max(0, Math.min(BODY_LIMIT, text.length - CUT_MARGIN))), CUT_MARK);
    }
  }

  private ring(env: string): Promise<Ring> {
    let ring = this.rings.get(env);
    if (!ring) {
      ring = this.persistence.load(env).then((s) => new Ring(s.entries.map(storeEntry), s.nextId, () => this.capacity(env)));
      ring.catch(() => this.rings.delete(env));
      this.rings.set(env, ring);
    }
    return ring;
  }

  /** Give the draft the environment's next id, keep it in the ring and queue it for persistence. */
  private async add(env: string, draft: JournalDraft): Promise<number> {
    const ring = await this.ring(env);
    const entry: StoredEntry = { id: ring.nextId++, ...draft };
    ring.push(entry);
    const list = this.unsaved.get(env) ?? [];
    list.push(entry);
    this.unsaved.set(env, list);
    this.scheduleFlush(list.length >= FLUSH_BATCH);
    return entry.id;
  }

  private scheduleFlush(now: boolean): void {
    if (now) {
      if (this.timer !== undefined) clearTimeout(this.timer);
      this.timer = undefined;
      this.track(this.flush());
      return;
    }
    if (this.timer !== undefined) return;
    const done = new Promise<void>((resolve) => this.flushWaiters.push(resolve));
    this.track(done);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const waiters = this.flushWaiters.splice(0);
      void this.flush().finally(() => waiters.forEach((w) => w()));
    }, this.opts.flushDelayMs ?? FLUSH_DELAY_MS);
  }

  /** Persist what waits, one write per environment, in order with clears. */
  flush(): Promise<void> {
    const batches = [...this.unsaved.entries()];
    this.unsaved.clear();
    if (batches.length === 0) return this.chain;
    this.chain = this.chain.then(async () => {
      for (const [env, entries] of batches) {
        const ring = await this.ring(env);
        await this.persistence.append(env, entries.map(readEntry), ring.keepFrom).catch((err: unknown) => console.error('[erp-sim] journal not persisted', err));
      }
      this.opts.onFlushed?.(batches.map(([env]) => env));
    });
    return this.chain;
  }

  /** Count the work as in flight until it ends; the promise returned never rejects. */
  private track(p: Promise<unknown>): Promise<void> {
    const tracked = p.then(
      () => undefined,
      (err: unknown) => console.error('[erp-sim] journal entry lost', err),
    );
    this.inflight.add(tracked);
    void tracked.finally(() => {
      this.inflight.delete(tracked);
      if (this.inflight.size === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    });
    return tracked;
  }

  /**
   * Resolves once every request to `env` answered so far has its entry in the ring (issue 21 § 3: a
   * read right after the client's request sees it, no sleep). Only what is pending now is waited
   * for, so a busy environment cannot keep a reader waiting; persistence is not waited for.
   */
  async recorded(env: string): Promise<void> {
    const pending = this.recording.get(env);
    if (pending) await Promise.all([...pending]);
  }

  /**
   * Resolves once every begun entry is recorded and persisted (the worker waits on it after each
   * answer, so it is one shared wait, not a scan of the work in flight per request).
   */
  async settled(): Promise<void> {
    while (this.inflight.size > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    await this.chain;
  }

  /** How many entries the environment's journal keeps. */
  capacity(env: string): number {
    return this.opts.sizeOf?.(env) ?? this.opts.size ?? RING_SIZE;
  }

  /** Whether entries after `since` were dropped for want of room (known since this process loaded the journal). */
  async truncated(env: string, since?: number): Promise<boolean> {
    await this.recorded(env);
    return (await this.ring(env)).lostAfter(since);
  }

  /** Entries newest first, every request answered before the call included. */
  async read(env: string, filter: JournalFilter): Promise<JournalEntry[]> {
    await this.recorded(env);
    return (await this.ring(env)).select(filter);
  }

  /** Read the environment's ring from the persistence again on next use (another host wrote it). */
  reread(env: string): void {
    this.rings.delete(env);
  }

  /**
   * Drop an environment's entries; ids keep increasing. `forget`: the environment was deleted.
   * Resolves once the ring is empty (every read after sees it); the clear is persisted in the
   * background, in order with the entries, as they are (`settled` waits for it).
   */
  async clear(env: string, forget = false): Promise<void> {
    const ring = await this.ring(env);
    ring.clear();
    this.unsaved.delete(env);
    if (forget) this.rings.delete(env);
    const nextId = forget ? null : ring.nextId;
    // After the host's turn: the caller's answer goes out before the stored entries are deleted.
    this.chain = this.chain
      .then(yieldToHost)
      .then(() => this.persistence.clear(env, nextId))
      .catch((err: unknown) => console.error('[erp-sim] journal clear not persisted', err));
    void this.track(this.chain);
  }
}

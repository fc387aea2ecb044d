/**
 * The replay lane (issue 42 § Reads ahead of every peer): a read sent again, byte for byte the same
 * request, to an environment nothing has changed since is answered with the answer it got before,
 * and journaled as that answer's entry at its own moment. No route, token check, serialization or
 * redaction runs again; a client polling the same page, or a load test, costs a lookup.
 *
 * An answer is kept when its request comes a second time, and only when nothing but the
 * environment's stored data and its clock decided it: a GET answered 200 with no fault rule, drill
 * or throttle around it, whose every clock read said how long it holds (time-terms.ts). It is
 * dropped when the environment changes in any way (a write, its clock or settings moved, another
 * host took it over) and is not given once its time term ends.
 */
import { bytesResponse, knownBytes, knownText, textResponse } from '../core/http.ts';
import type { JournalDraft } from '../journal/journal.ts';

/** Answers kept per environment: the reads a client repeats are few. */
const PER_ENV = 64;
/** Bytes of answers kept in all (the environments whose answers were kept first give theirs up first). */
const BUDGET = 32 << 20;
/** What a kept journal entry costs at most besides the answer: its bodies are cut to 4 KB. */
const ENTRY_BYTES = 10_000;
/** Requests remembered as seen once, per environment (forgotten all at once when full). */
const SEEN = 512;

interface Kept {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | string;
  /** The first answer's journal entry, to journal again (null: the journal was off for it). */
  draft: JournalDraft | null;
  /** Environment time (ms) from which the answer may differ. */
  until: number;
  size: number;
}

export interface Replayed {
  res: Response;
  draft: JournalDraft | null;
}

/** What a miss was made from, to keep its answer once its journal entry is drafted. */
export interface Candidate {
  key: string;
  version: number;
}

export class ReplayLane {
  /** Per environment, its kept answers by request key (oldest first). */
  private readonly envs = new Map<string, Map<string, Kept>>();
  /** Changes seen per environment, so an answer made across a change is never kept. */
  private readonly versions = new Map<string, number>();
  /**
   * Requests each environment got once. An answer is kept when its request comes a second time:
   * traffic whose every request differs (a request id in a header) keeps nothing, so pays nothing
   * for copying answers no one asks for again.
   */
  private readonly seen = new Map<string, Set<string>>();
  private bytes = 0;

  /**
   * The request's key, when it is one the lane may answer: a GET (which carries no body). The key is the
   * whole request (URL and every header), so the journal entry kept for it is its own too.
   */
  static keyOf(request: Request): string | undefined {
    if (request.method !== 'GET') return undefined;
    let key = request.url;
    for (const [name, value] of request.headers) key += `\n${name}:${value}`;
    return key;
  }

  /** The kept answer to `key`, when the environment has not changed and its time term holds. */
  find(env: string, key: string, envNowMs: number): Replayed | undefined {
    const kept = this.envs.get(env)?.get(key);
    if (!kept || envNowMs >= kept.until) return undefined;
    const init = { status: kept.status, headers: kept.headers };
    const res = typeof kept.body === 'string' ? textResponse(kept.body, init) : bytesResponse(kept.body, init);
    return { res, draft: kept.draft };
  }

  /** Begin a miss: what it must still match when its answer is kept (undefined: the request is new, keep nothing). */
  candidate(env: string, key: string): Candidate | undefined {
    let seen = this.seen.get(env);
    if (!seen) this.seen.set(env, (seen = new Set()));
    if (!seen.has(key)) {
      if (seen.size >= SEEN) seen.clear();
      seen.add(key);
      return undefined;
    }
    return { key, version: this.versions.get(env) ?? 0 };
  }

  /** Keep the answer a candidate got, unless the environment changed since it began. */
  keep(env: string, from: Candidate, res: Response, draft: JournalDraft | null, until: number): void {
    if ((this.versions.get(env) ?? 0) !== from.version) return;
    const body = knownText(res) ?? knownBytes(res);
    if (body === undefined) return;
    const headers: Record<string, string> = {};
    for (const [name, value] of res.headers) headers[name] = value;
    const size = (typeof body === 'string' ? body.length * 2 : body.byteLength) + from.key.length * 2 + (draft ? ENTRY_BYTES : 0);
    let held = this.envs.get(env);
    if (!held) this.envs.set(env, (held = new Map()));
    const old = held.get(from.key);
    if (old) this.bytes -= old.size;
    else if (held.size >= PER_ENV) this.dropOldest(held);
    held.set(from.key, { status: res.status, headers, body, draft, until, size });
    this.bytes += size;
    for (const [other, answers] of this.envs) {
      if (this.bytes <= BUDGET || other === env) break;
      this.forgetAnswers(other, answers);
    }
  }

  /** The environment changed (or is gone): nothing kept of it holds. */
  changed(env: string): void {
    this.versions.set(env, (this.versions.get(env) ?? 0) + 1);
    const held = this.envs.get(env);
    if (held) this.forgetAnswers(env, held);
  }

  /** An environment deleted: forget even its count of changes. */
  gone(env: string): void {
    this.changed(env);
    this.versions.delete(env);
    this.seen.delete(env);
  }

  private dropOldest(held: Map<string, Kept>): void {
    const [key, kept] = held.entries().next().value as [string, Kept];
    held.delete(key);
    this.bytes -= kept.size;
  }

  private forgetAnswers(env: string, held: Map<string, Kept>): void {
    for (const kept of held.values()) this.bytes -= kept.size;
    this.envs.delete(env);
  }
}

/**
 * One environment as a test sees it: its base URL and credentials as the control API
 * returned them, a token from its first OAuth client, and its clock, reset, fault rules and journal
 * (with request verification) through the control API.
 */
import { parseAdvance } from '../../../engine/core/clock.ts';
import { describeEntry } from '../../../engine/journal/match.ts';
import { ControlClient, SimulatorError } from './control.ts';
import type { ClockAdvance, CreatedEnvironment, CredentialsOf, FaultRule, FaultRuleRequest, JournalEntry, JournalListOptions, ProductId, Verification, VerifyResult } from './types.ts';

/** Thrown by `journal.assert` when a verification fails; the message lists the near misses. */
export class VerificationError extends Error {
  override readonly name = 'VerificationError';
  constructor(
    message: string,
    readonly result: VerifyResult,
  ) {
    super(message);
  }
}

/** An environment of product P (`createEnvironment({ product })` says which; a scenario or snapshot may be either). */
export class SimEnvironment<P extends ProductId = ProductId> {
  readonly key: string;
  readonly product: P;
  readonly name: string;
  /** `http://host:port/sim/<key>`: the product's paths go after it. */
  readonly baseUrl: string;
  /** Secrets included: the control API shows them only in the answer that created the environment. */
  readonly credentials: CredentialsOf<P>;
  /** The environment's owner token, when the host issues them; used for this environment's control calls. */
  readonly ownerToken: string | undefined;

  constructor(
    private readonly control: ControlClient,
    created: CreatedEnvironment,
  ) {
    this.key = created.key;
    this.product = created.product as P;
    this.name = created.name;
    this.baseUrl = created.baseUrl;
    // The host made the lists its product has (CredentialsOf); the 201 is the only place they appear.
    this.credentials = created.credentials as CredentialsOf<P>;
    this.ownerToken = created.ownerToken;
  }

  private call<T>(path: string, init: { method?: string; body?: unknown; query?: Record<string, string | number | undefined> } = {}): Promise<T> {
    return this.control.call<T>(`/environments/${this.key}${path}`, { ...init, ...(this.ownerToken ? { token: this.ownerToken } : {}) });
  }

  /**
   * A bearer token from the environment's first OAuth client (client credentials, the consumer
   * scope), fresh on each call: a token held across `clock.advance` may have expired.
   */
  async token(): Promise<string> {
    const client = this.credentials.oauthClients?.[0];
    // A call the environment cannot serve, not an answer of the host: a TypeError (a SimulatorError's
    // status 0 means the host could not be reached).
    if (!client) {
      throw new TypeError(
        this.product === 'odata'
          ? 'token(): an OData environment authenticates with Basic (env.credentials.apiUsers[0]) or a personal access token (env.credentials.personalAccessTokens[0]), not OAuth.'
          : 'token(): this environment has no OAuth client (created from a snapshot without one?); add one with POST …/credentials {"type":"oauth-client"}.',
      );
    }
    const res = await fetch(`${this.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: client.scope }).toString(),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; error_description?: string; error?: string };
    if (!res.ok || !body.access_token) throw new SimulatorError(`POST ${this.baseUrl}/oauth/token answered ${res.status}: ${body.error_description ?? body.error ?? 'no access_token'}`, res.status, body);
    return body.access_token;
  }

  readonly clock = {
    /** The environment's "now" (ISO). */
    now: async (): Promise<string> => (await this.call<{ now: string }>('/clock')).now,
    /** Whether the clock is frozen (moves only on set and advance) or runs with host time. */
    frozen: async (): Promise<boolean> => (await this.call<{ frozen: boolean }>('/clock')).frozen,
    /** Set "now": a date (`2026-05-01`), a UTC date-time or a Date. A frozen clock stays frozen there. */
    set: async (now: string | Date): Promise<string> => (await this.call<{ now: string }>('/clock', { method: 'PUT', body: { now: now instanceof Date ? now.toISOString() : now } })).now,
    /**
     * Move "now" by days, hours and/or minutes (negative to go back), to a whole minute. Refused
     * before any call: an empty move, another unit (`weeks`) or a part of a minute.
     */
    advance: async (by: ClockAdvance): Promise<string> => {
      const parsed = parseAdvance(by, `clock.advance(${JSON.stringify(by)})`);
      if (!parsed.ok) throw new TypeError(parsed.error);
      return (await this.call<{ now: string }>('/clock', { method: 'PUT', body: { advance: by } })).now;
    },
    /** Freeze the clock where it stands (true) or let it run on from there (false). */
    freeze: async (frozen = true): Promise<string> => (await this.call<{ now: string }>('/clock', { method: 'PUT', body: { frozen } })).now,
  };

  /**
   * The clean slate a test starts from: the seeded book, the clock where the environment started
   * (host time, or the `clock` it was created with), no fault rules, an empty journal, no drills or
   * lesson progress. Credentials are kept: tokens issued before still work.
   */
  async reset(): Promise<void> {
    await this.call('/reset', { method: 'POST', body: { scope: 'all' } });
  }

  /** The data only back to the seeded book (the playground's Reset): clock, fault rules and journal stay. */
  async resetData(): Promise<void> {
    await this.call('/reset', { method: 'POST', body: { scope: 'data' } });
  }

  readonly faults = {
    add: (rule: FaultRuleRequest): Promise<FaultRule> => this.call<FaultRule>('/faults', { method: 'POST', body: rule }),
    list: async (): Promise<FaultRule[]> => (await this.call<{ items: FaultRule[] }>('/faults')).items,
    remove: async (id: string): Promise<void> => {
      await this.call(`/faults/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    /** Remove every rule. */
    clear: async (): Promise<void> => {
      for (const rule of await this.faults.list()) await this.faults.remove(rule.id);
    },
  };

  readonly journal = {
    /** Entries newest first (every request already answered included: no sleep needed). */
    list: async (opts: JournalListOptions = {}): Promise<JournalEntry[]> =>
      (await this.call<{ items: JournalEntry[] }>('/journal', { query: { limit: opts.limit ?? 500, since: opts.since, status: opts.status, path: opts.path } })).items,
    /** The newest entry's id (0 when there is none): pass it as `since` to see only what follows. */
    mark: async (): Promise<number> => (await this.journal.list({ limit: 1 }))[0]?.id ?? 0,
    /** `POST …/journal/verify`: which entries match, and the near misses when too few do. */
    verify: (v: Verification): Promise<VerifyResult> => this.call<VerifyResult>('/journal/verify', { method: 'POST', body: v }),
    /** Like verify, but throws a VerificationError that lists the near misses when `ok` is false. */
    assert: async (v: Verification): Promise<VerifyResult> => {
      const result = await this.journal.verify(v);
      if (!result.ok) throw new VerificationError(describeFailure(v, result), result);
      return result;
    },
    clear: async (): Promise<void> => {
      await this.call('/journal', { method: 'DELETE' });
    },
    /** Entries this environment's journal keeps (1-10,000; null: the host's size). */
    setSize: async (size: number | null): Promise<void> => {
      await this.call('/journal', { method: 'PUT', body: { size } });
    },
  };

  /** The environment as a snapshot file (`erp-sim-snapshot` v1), e.g. for `createEnvironment({ snapshot })`. */
  snapshot(): Promise<object> {
    return this.call<object>('/snapshot');
  }

  async delete(): Promise<void> {
    await this.call('', { method: 'DELETE' });
  }
}

/** "Expected at least 1 request matching POST /x/standardReceipts, found 0." and a line per near miss or extra entry. */
function describeFailure(v: Verification, r: VerifyResult): string {
  const { method, path, query, headers, body, bodyIncludes, status, since } = v.request;
  const what = [
    method?.toUpperCase(),
    path,
    query && `with query ${JSON.stringify(query)}`,
    headers && `with headers ${JSON.stringify(headers)}`,
    body && `with body ${JSON.stringify(body)}`,
    bodyIncludes !== undefined && `with body including ${JSON.stringify(bodyIncludes)}`,
    status !== undefined && `answered ${status}`,
    since !== undefined && `after entry ${since}`,
  ]
    .filter(Boolean)
    .join(' ');
  const count = v.count ?? { atLeast: 1 };
  const [rule, n] = Object.entries(count)[0] as [string, number];
  const wanted = rule === 'exactly' ? `exactly ${n}` : rule === 'atLeast' ? `at least ${n}` : `at most ${n}`;
  const lines = [`Expected ${wanted} request${n === 1 ? '' : 's'} matching ${what || 'anything'}, found ${r.count}${r.matched.length ? ` (entries ${r.matched.join(', ')})` : ''}.`];
  if (r.message) lines.push(r.message);
  if (r.extra?.length) lines.push('Matched:', ...r.extra.map((e) => `  entry ${e.id}: ${describeEntry(e)}`));
  if (r.nearMisses.length) lines.push('Near misses:', ...r.nearMisses.map((m) => `  entry ${m.id}: ${describeEntry(m)}: ${m.differences.join('; ')}`));
  return lines.join('\n');
}

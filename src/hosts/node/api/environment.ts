/**
 * One environment as a test sees it: its base URL and credentials as the control API
 * returned them, a token from its first OAuth client, and its clock, reset, fault rules and journal
 * (with request verification) through the control API.
 */
import { ControlClient, SimulatorError } from './control.ts';
import type { CreatedEnvironment, CredentialsOf, FaultRule, FaultRuleRequest, JournalEntry, JournalListOptions, ProductId, Verification, VerifyResult } from './types.ts';

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

const DAY_MS = 86_400_000;

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
    /** Set "now": a date (`2026-05-01`), a UTC date-time or a Date. */
    set: async (now: string | Date): Promise<string> => (await this.call<{ now: string }>('/clock', { method: 'PUT', body: { now: now instanceof Date ? now.toISOString() : now } })).now,
    /** Move "now" forward (or back, with negative numbers); days as the control API counts them, hours and minutes added to them. */
    advance: async (by: { days?: number; hours?: number; minutes?: number }): Promise<string> => {
      if (by === null || typeof by !== 'object' || !['days', 'hours', 'minutes'].some((unit) => (by as Record<string, unknown>)[unit] !== undefined)) {
        throw new TypeError(`clock.advance(by): give days, hours or minutes, e.g. clock.advance({ days: 1 }); got ${JSON.stringify(by)}.`);
      }
      const { days = 0, hours = 0, minutes = 0 } = by;
      if (hours === 0 && minutes === 0) return (await this.call<{ now: string }>('/clock', { method: 'PUT', body: { advanceDays: days } })).now;
      const now = Date.parse(await this.clock.now());
      return this.clock.set(new Date(now + days * DAY_MS + hours * 3_600_000 + minutes * 60_000));
    },
  };

  /** Data back to the seeded book (credentials, clock, fault rules and the journal stay). */
  async reset(): Promise<void> {
    await this.call('/reset', { method: 'POST' });
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
      if (!result.ok) {
        // Each entry named by the failure, as a line a reader can place: method, path, status, code.
        const entries = await this.journal.list().catch(() => [] as JournalEntry[]);
        throw new VerificationError(describeFailure(v, result, new Map(entries.map((e) => [e.id, e]))), result);
      }
      return result;
    },
    clear: async (): Promise<void> => {
      await this.call('/journal', { method: 'DELETE' });
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

/** `POST /fscmRestApi/…/standardReceipts → 400 SIM-RCP-4001` for an entry, or its id when it is gone. */
function entryLine(id: number, entries: Map<number, JournalEntry>): string {
  const e = entries.get(id);
  if (!e) return `entry ${id}`;
  return `entry ${id}: ${e.method} ${e.path} → ${e.status === 0 ? 'dropped' : e.status}${e.code ? ` ${e.code}` : ''}`;
}

/** "Expected at least 1 request matching POST /x/standardReceipts, found 0." and a line per entry it names. */
function describeFailure(v: Verification, r: VerifyResult, entries: Map<number, JournalEntry>): string {
  const { method, path, query, bodyIncludes, status, since } = v.request;
  const what = [method?.toUpperCase(), path, query && `?${new URLSearchParams(query).toString()}`, bodyIncludes !== undefined && `with body including ${JSON.stringify(bodyIncludes)}`, status !== undefined && `answered ${status}`, since !== undefined && `after entry ${since}`]
    .filter(Boolean)
    .join(' ');
  const count = v.count ?? { atLeast: 1 };
  const [rule, n] = Object.entries(count)[0] as [string, number];
  const wanted = rule === 'exactly' ? `exactly ${n}` : rule === 'atLeast' ? `at least ${n}` : `at most ${n}`;
  const lines = [`Expected ${wanted} request${n === 1 ? '' : 's'} matching ${what || 'anything'}, found ${r.count}${r.matched.length ? ':' : '.'}`];
  for (const id of r.matched) lines.push(`  ${entryLine(id, entries)}`);
  if (r.nearMisses.length) lines.push('Near misses:', ...r.nearMisses.map((m) => `  ${entryLine(m.id, entries)} (${m.differences.join('; ')})`));
  return lines.join('\n');
}

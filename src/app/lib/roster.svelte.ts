/**
 * The trainer's live roster (issue 20 § The trainer's view): every environment's activity, kept
 * current from the notices (the host's event stream, or the worker's in the browser-only playground)
 * without reloading. A burst of notices from many trainees is folded into one
 * `GET /activity?env=…` for just the environments that changed, at most every `SETTLE_MS`; an
 * environment seen for the first time (a trainee just joined) is fetched the same way.
 */
import type { EnvActivity } from '../../engine/for-app.ts';
import { onWorkerNotice, type SimChange } from '../sw/controller.ts';
import { activity } from './classroom.ts';

/** Notices settle this long before one read; a class of thirty still shows a request within a second. */
const SETTLE_MS = 300;

export class Roster {
  rows: EnvActivity[] = $state([]);
  loaded = $state(false);
  error = $state('');
  /** The refusal status when the host would not show the roster (401: no trainer token). */
  refused = $state(0);
  /** Host time minus this browser's time, so "ago" follows the host's clock. */
  skewMs = $state(0);

  private dirty = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | undefined;
  private stops: (() => void)[] = [];

  start(): () => void {
    this.stops.push(
      onWorkerNotice<{ env?: unknown }>('sim-journal', (n) => typeof n.env === 'string' && this.touch(n.env)),
      onWorkerNotice<SimChange>('sim-change', (n) => {
        if (n.op === 'env-delete') this.rows = this.rows.filter((r) => r.key !== n.env);
        else this.touch(n.env);
      }),
    );
    void this.reload();
    return () => {
      for (const stop of this.stops.splice(0)) stop();
      clearTimeout(this.timer);
    };
  }

  /** Everything afresh (first load, after an action, after a token was given). */
  async reload(): Promise<void> {
    this.dirty.clear();
    await this.read([]);
  }

  private touch(key: string): void {
    this.dirty.add(key);
    if (this.timer === undefined) this.timer = setTimeout(() => void this.flush(), SETTLE_MS);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    if (this.inFlight) await this.inFlight;
    const keys = [...this.dirty];
    this.dirty.clear();
    if (keys.length) await this.read(keys);
  }

  private read(keys: string[]): Promise<void> {
    const run = (async () => {
      try {
        const answer = await activity(keys);
        this.skewMs = Date.parse(answer.now) - Date.now();
        if (!keys.length) this.rows = answer.items;
        else {
          const fresh = new Map(answer.items.map((r) => [r.key, r]));
          // Named but not answered: removed meanwhile.
          const kept = this.rows.filter((r) => !keys.includes(r.key) || fresh.has(r.key)).map((r) => fresh.get(r.key) ?? r);
          const added = answer.items.filter((r) => !this.rows.some((x) => x.key === r.key));
          this.rows = [...kept, ...added];
        }
        this.error = '';
        this.refused = 0;
      } catch (err) {
        this.error = err instanceof Error ? err.message : String(err);
        this.refused = Number((err as { status?: unknown }).status) || 0;
      } finally {
        this.loaded = true;
      }
    })();
    const tracked: Promise<void> = run.finally(() => {
      if (this.inFlight === tracked) this.inFlight = undefined;
    });
    this.inFlight = tracked;
    return tracked;
  }
}

/** "12 s ago", "4 min ago", "2 h ago" from host time. */
export function ago(iso: string | null, nowMs: number): string {
  if (!iso) return 'no request yet';
  const s = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

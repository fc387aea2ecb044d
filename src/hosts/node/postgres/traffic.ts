/**
 * Where an environment's requests come from, as its holder sees them: ownership follows traffic.
 * A load balancer that hashes `/sim/<key>` sends all of one environment's requests to one host, but
 * the environment is held by the host that created it (or took it last), so every request may take
 * a forwarded hop. The holder counts, per environment, who sent its last requests (itself, or a
 * host that forwarded them); once one other host sent nearly all of them for long enough, the
 * holder hands the lease over to that host (cluster.ts).
 *
 * The thresholds are hysteresis, not tuning for one bench:
 * - SHARE of the last WINDOW requests (56 of 64, seven eighths) must come from one forwarding host.
 *   Traffic split between hosts (a client talking to both, two load balancers that disagree) never
 *   reaches it, so it never moves the environment, let alone back and forth; one-sided traffic
 *   reaches it after 56 requests. After a move the new holder counts afresh, so moving back takes
 *   the same evidence the other way.
 * - The holder keeps an environment at least MIN_HOLD_MS after taking its lease, plus
 *   HOLD_MS_PER_ROW for each of its rows in the database. Moving costs the new holder a read of the
 *   environment (about 20 µs a row on a 2-core machine: 5-7 s for one with 100k invoices, about
 *   300k rows); holding it ten times that long before it may move again bounds the time spent
 *   moving to about a tenth even under traffic that flips side as fast as it can. A 100k
 *   environment moves at most once a minute; a small one after 5 s.
 */

/** How many of an environment's latest requests the holder remembers. */
export const WINDOW = 64;
/** How many of them one other host must have forwarded for the holder to hand the environment over. */
export const SHARE = 56;
/** The least time a host holds an environment before it hands it over. */
export const MIN_HOLD_MS = 5000;
/** And for each row of the environment in the database (ten times what reading a row costs). */
export const HOLD_MS_PER_ROW = 0.2;

/** The least time an environment of `rows` rows is held before it may move. */
export function minHoldMs(rows: number): number {
  return MIN_HOLD_MS + rows * HOLD_MS_PER_ROW;
}

/** The sources of an environment's last WINDOW requests: '' for a request made to the holder itself, else the forwarding host's id. */
export class TrafficWindow {
  private readonly ring: string[] = [];
  private next = 0;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly size = WINDOW,
    private readonly share = SHARE,
  ) {}

  /** Count one request; returns the forwarding host that sent `share` of the last `size`, else null. */
  add(source: string): string | null {
    if (this.ring.length < this.size) this.ring.push(source);
    else {
      const out = this.ring[this.next] as string;
      this.counts.set(out, (this.counts.get(out) ?? 1) - 1);
      this.ring[this.next] = source;
      this.next = (this.next + 1) % this.size;
    }
    const count = (this.counts.get(source) ?? 0) + 1;
    this.counts.set(source, count);
    return source && count >= this.share ? source : null;
  }
}

/**
 * The engine's notices for live views (issue 20): what the service worker posts to its tabs and what
 * a Node host streams to pages over the network (`GET /sim/_admin/events`, Server-Sent Events).
 * One shape for both, so the app follows either the same way:
 *   sim-change   {env, op}                after a committed write (env-put, env-delete, records)
 *   sim-journal  {env}                    an environment's journal got entries (at most 4 a second)
 *   sim-progress {env, task, done, total} a slice of a long task (generate) committed
 * Every notice names its environment, so a subscriber sees only the environments it may see.
 */
import type { WorkProgress } from '../core/types.ts';

export type Notice =
  | { type: 'sim-change'; env: string; op: 'env-put' | 'env-delete' | 'records' }
  | { type: 'sim-journal'; env: string }
  | ({ type: 'sim-progress' } & WorkProgress);

export type NoticeListener = (notice: Notice) => void;

export class NoticeHub {
  private readonly listeners = new Set<NoticeListener>();

  subscribe(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  publish(notice: Notice): void {
    for (const listener of this.listeners) {
      try {
        listener(notice);
      } catch (err) {
        // One broken subscriber (a stream closed mid-write) never keeps the others from their notices.
        console.error('[erp-sim] notice listener failed', err);
      }
    }
  }
}

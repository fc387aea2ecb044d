/**
 * Progress of the worker's long tasks. After each committed slice of a generate the worker posts
 * `{ type: 'sim-progress', env, task, done, total }` to every tab (src/sw/sw.ts), whoever started it:
 * the Generate control shows it and the store slows data-view reloads while it runs.
 */
import type { WorkProgress } from '../../engine/core/types.ts';

export type SimProgress = WorkProgress;

export function onSimProgress(listener: (progress: SimProgress) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const handler = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (data && typeof data === 'object' && (data as { type?: unknown }).type === 'sim-progress') listener(data as SimProgress);
  };
  navigator.serviceWorker.addEventListener('message', handler);
  return () => navigator.serviceWorker.removeEventListener('message', handler);
}

/**
 * Progress of the worker's long tasks. After each committed slice of a generate the worker posts
 * `{ type: 'sim-progress', env, task, done, total }` to every tab (src/sw/sw.ts), whoever started it:
 * the Generate control shows it and the store slows data-view reloads while it runs.
 */
import type { WorkProgress } from '../../engine/for-app.ts';
import { onWorkerNotice } from '../sw/controller.ts';

export type SimProgress = WorkProgress;

export const onSimProgress = (listener: (progress: SimProgress) => void): (() => void) => onWorkerNotice('sim-progress', listener);

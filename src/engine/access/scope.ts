/**
 * What each grant may reach of the control API (issue 19 § 1, docs/operate.md § Who may use the control API). Decided on the
 * raw path segments below `/_admin`, before any route runs, so a refusal never depends on whether
 * the environment named exists.
 */
import type { Grant } from './types.ts';

/** Reads of the host's documentation a class code may make. */
const CLASS_READS = new Set(['products', 'lessons', 'scenarios']);

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * True when `grant` may send `method` to the control path whose segments below `/_admin` are
 * `segments` (`/sim/_admin/environments/env_1/clock` → ['environments', 'env_1', 'clock']).
 */
export function permits(grant: Grant, method: string, segments: readonly string[]): boolean {
  if (grant.role === 'admin') return true;
  const [first, second] = segments;
  if (grant.role === 'class') {
    if (segments.length === 1 && isRead(method)) return CLASS_READS.has(first as string);
    // One lesson's file, as the list has it (a class's trainee opens the class's lessons).
    if (segments.length === 2 && first === 'lessons' && isRead(method)) return true;
    if (method !== 'POST') return false;
    // Create, import, load a scenario: each makes a new environment and hands back its owner token.
    if (first === 'environments') return segments.length === 1 || (segments.length === 2 && second === 'import');
    return first === 'scenarios' && segments.length === 2 && !!second;
  }
  // An owner: its environment and everything below it; the list shows it alone.
  if (first !== 'environments') return false;
  if (segments.length === 1) return isRead(method);
  return second === grant.key;
}

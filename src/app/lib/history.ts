/**
 * Request history per environment, kept in this browser's localStorage (newest first, capped):
 * each entry with the example's or saved request's name when it was sent unedited (issue 24 § 3),
 * searchable and shown by day.
 */
import type { RequestSpec } from './request.ts';
import { newId } from './new-id.ts';

const PREFIX = 'erp-sim:history:';
const CAP = 200;

export interface HistoryEntry {
  id: string;
  at: string;
  request: RequestSpec;
  status: number;
  ms: number;
  /** The example's or saved request's name. */
  name?: string;
}

export function loadHistory(envKey: string): HistoryEntry[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(PREFIX + envKey) ?? '[]');
    return Array.isArray(list) ? (list as HistoryEntry[]) : [];
  } catch {
    return [];
  }
}

export function addHistory(envKey: string, request: RequestSpec, status: number, ms: number, name?: string): HistoryEntry[] {
  const entry: HistoryEntry = { id: newId(), at: new Date().toISOString(), request, status, ms: Math.round(ms), ...(name ? { name } : {}) };
  const list = [entry, ...loadHistory(envKey)].slice(0, CAP);
  try {
    localStorage.setItem(PREFIX + envKey, JSON.stringify(list));
  } catch {
    /* storage full: keep the in-memory list */
  }
  return list;
}

export function clearHistory(envKey: string): void {
  localStorage.removeItem(PREFIX + envKey);
}

/** Entries whose name, method, status or path contain every word of the query. */
export function searchHistory(list: readonly HistoryEntry[], query: string): HistoryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...list];
  return list.filter((h) => {
    const text = `${h.name ?? ''} ${h.request.method} ${h.status} ${h.request.path}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Entries grouped by local day, newest day first: "Today", "Yesterday", then the date. */
export function byDay(list: readonly HistoryEntry[], now = new Date()): { day: string; label: string; entries: HistoryEntry[] }[] {
  const key = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const today = key(now);
  const yesterday = key(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const groups = new Map<string, HistoryEntry[]>();
  for (const h of list) {
    const k = key(new Date(h.at));
    groups.set(k, [...(groups.get(k) ?? []), h]);
  }
  return [...groups].map(([day, entries]) => ({
    day,
    label: day === today ? 'Today' : day === yesterday ? 'Yesterday' : new Date(`${day}T12:00:00`).toLocaleDateString(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' }),
    entries,
  }));
}

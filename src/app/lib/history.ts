/** Request history per environment, kept in this browser's localStorage (newest first, capped). */
import type { RequestSpec } from './request.ts';
import { newId } from './new-id.ts';

const PREFIX = 'erp-sim:history:';
const CAP = 100;

export interface HistoryEntry {
  id: string;
  at: string;
  request: RequestSpec;
  status: number;
  ms: number;
}

export function loadHistory(envKey: string): HistoryEntry[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(PREFIX + envKey) ?? '[]');
    return Array.isArray(list) ? (list as HistoryEntry[]) : [];
  } catch {
    return [];
  }
}

export function addHistory(envKey: string, request: RequestSpec, status: number, ms: number): HistoryEntry[] {
  const entry: HistoryEntry = { id: newId(), at: new Date().toISOString(), request, status, ms: Math.round(ms) };
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

/** Requests a user saved under a name, per environment, in this browser (shown next to the examples). */
import type { RequestSpec } from './request.ts';
import { newId } from './new-id.ts';

const PREFIX = 'erp-sim:saved:';

export interface SavedRequest {
  id: string;
  name: string;
  request: RequestSpec;
  savedAt: string;
}

export function loadSaved(envKey: string): SavedRequest[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(PREFIX + envKey) ?? '[]');
    return Array.isArray(list) ? (list as SavedRequest[]) : [];
  } catch {
    return [];
  }
}

function store(envKey: string, list: SavedRequest[]): SavedRequest[] {
  localStorage.setItem(PREFIX + envKey, JSON.stringify(list));
  return list;
}

/** Save under a name; a request saved again under the same name replaces the earlier one. */
export function saveRequest(envKey: string, name: string, request: RequestSpec): SavedRequest[] {
  const entry: SavedRequest = { id: newId(), name, request, savedAt: new Date().toISOString() };
  return store(envKey, [...loadSaved(envKey).filter((s) => s.name !== name), entry]);
}

export function deleteSaved(envKey: string, id: string): SavedRequest[] {
  return store(envKey, loadSaved(envKey).filter((s) => s.id !== id));
}

export function forgetSaved(envKey: string): void {
  localStorage.removeItem(PREFIX + envKey);
}

/**
 * The console's current request and last response, kept per environment in this browser, so a
 * reload or a visit to another view comes back to the same screen.
 */
import type { Capture, Check } from './collections.ts';
import type { RequestSpec, ResponseInfo } from './request.ts';

const PREFIX = 'erp-sim:console:';
/** Bigger response bodies are not kept (localStorage holds a few MB for the whole site). */
const MAX_BODY = 256 * 1024;

export interface ConsoleState {
  request: RequestSpec;
  response: ResponseInfo | null;
  /** The error catalog entry this request reproduces, when it came from "Reproduce". */
  reproduces?: string;
  checks?: Check[];
  captures?: Capture[];
  /** Where the request came from (its name, the saved request it is). */
  loaded?: { name?: string; exampleId?: string; itemId?: string; collectionId?: string };
}

export function loadConsoleState(envKey: string): ConsoleState | null {
  try {
    const raw = localStorage.getItem(PREFIX + envKey);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object' || !('request' in parsed)) return null;
    return parsed as ConsoleState;
  } catch {
    return null;
  }
}

export function saveConsoleState(envKey: string, state: ConsoleState): void {
  const response = state.response && state.response.body.length > MAX_BODY ? { ...state.response, body: state.response.body.slice(0, MAX_BODY) } : state.response;
  try {
    localStorage.setItem(PREFIX + envKey, JSON.stringify({ ...state, response }));
  } catch {
    /* storage full: the screen simply starts fresh next time */
  }
}

export function forgetConsoleState(envKey: string): void {
  localStorage.removeItem(PREFIX + envKey);
}

/** Validation of a posted fault rule: any problem is a 400 with one clear message, nothing stored. */
import type { ProductId } from '../core/types.ts';
import { MAX_PATTERN_LENGTH } from './wildcard.ts';
import { FAULT_KINDS, INJECTED_STATUSES, MAX_FAULT_BODY, MAX_LATENCY_MS, type FaultKind, type FaultRuleInput, type InjectedStatus } from './types.ts';

const FIELDS = new Set(['kind', 'product', 'method', 'path', 'latencyMs', 'status', 'body', 'contentType', 'retryAfter', 'when', 'probability', 'count', 'note']);
const METHODS = ['*', 'GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'];

const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

type RuleInput = FaultRuleInput;

export function validateRule(body: Record<string, unknown>, product: ProductId): { ok: true; rule: RuleInput } | { ok: false; error: string } {
  const fail = (error: string) => ({ ok: false as const, error });
  const unknown = Object.keys(body).filter((k) => !FIELDS.has(k));
  if (unknown.length) return fail(`Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Allowed: ${[...FIELDS].join(', ')}.`);
  const { kind, method = '*', path, latencyMs, status, body: fixed, contentType, retryAfter, when = 'before', probability = 1, count, note } = body;
  if (typeof kind !== 'string' || !FAULT_KINDS.includes(kind as FaultKind)) return fail(`"kind" must be one of: ${FAULT_KINDS.join(', ')}.`);
  if (body.product !== undefined && body.product !== product) return fail(`"product" must be ${product} (the environment's product) or omitted.`);
  if (typeof method !== 'string' || !METHODS.includes(method.toUpperCase())) return fail(`"method" must be one of: ${METHODS.join(', ')}.`);
  if (typeof path === 'string' && path.length > MAX_PATTERN_LENGTH) return fail(`"path" may be at most ${MAX_PATTERN_LENGTH} characters (this one has ${path.length}).`);
  if (typeof path !== 'string' || path === '') {
    return fail('"path" is required: a path relative to the environment base (starting with / or *, no query), where * matches any characters, e.g. "*/standardReceipts".');
  }
  if (!/^[/*]/.test(path)) return fail(`"path" must start with / or * (it is relative to the environment base): "/${path}" or "*/${path}", not ${JSON.stringify(path)}.`);
  if (/[\s?#]/.test(path)) return fail(`"path" is a path alone, without spaces, query or fragment: ${JSON.stringify(path.split(/[\s?#]/)[0])}, not ${JSON.stringify(path)}.`);
  let latency: RuleInput['latencyMs'];
  if (latencyMs !== undefined) {
    if (isInt(latencyMs, 0, MAX_LATENCY_MS)) latency = latencyMs;
    else if (Array.isArray(latencyMs) && latencyMs.length === 2 && isInt(latencyMs[0], 0, MAX_LATENCY_MS) && isInt(latencyMs[1], 0, MAX_LATENCY_MS) && latencyMs[0] <= latencyMs[1]) {
      latency = [latencyMs[0], latencyMs[1]];
    } else return fail(`"latencyMs" must be milliseconds (an integer from 0 to ${MAX_LATENCY_MS}) or a range [min, max].`);
  }
  if (kind === 'latency' && latency === undefined) return fail('A latency rule needs "latencyMs".');
  if (kind === 'status' ? !INJECTED_STATUSES.includes(status as InjectedStatus) : status !== undefined) {
    return fail(kind === 'status' ? `"status" must be one of: ${INJECTED_STATUSES.join(', ')}.` : '"status" belongs to a rule of kind "status" only.');
  }
  if (retryAfter !== undefined && (!isInt(retryAfter, 0, 3600) || kind !== 'status' || (status !== 429 && status !== 503))) return fail('"retryAfter" (seconds, 0-3600) belongs to a 429 or 503 status rule only.');
  if (fixed !== undefined) {
    if (kind !== 'status') return fail('"body" (a fixed answer body) belongs to a rule of kind "status" only.');
    const text = typeof fixed === 'string' ? fixed : fixed !== null && typeof fixed === 'object' ? JSON.stringify(fixed) : undefined;
    if (text === undefined || text.length > MAX_FAULT_BODY) return fail(`"body" must be a text or JSON (an object or array) of at most ${MAX_FAULT_BODY} characters.`);
  }
  if (contentType !== undefined && (fixed === undefined || typeof contentType !== 'string' || !/^[\w.+-]+\/[\w.+-]+(\s*;[^\r\n]{0,100})?$/.test(contentType))) {
    return fail('"contentType" goes with "body": a media type such as "application/json" or "text/html; charset=utf-8".');
  }
  if (when !== 'before' && when !== 'after') return fail('"when" must be "before" or "after".');
  if (when === 'after' && kind !== 'status' && kind !== 'drop') return fail('"when": "after" applies to status and drop rules only.');
  if (typeof probability !== 'number' || !(probability > 0 && probability <= 1)) return fail('"probability" must be a number above 0 and at most 1.');
  if (count !== undefined && !isInt(count, 1, 1_000_000)) return fail('"count" must be an integer from 1 to 1000000.');
  if (note !== undefined && (typeof note !== 'string' || note.length > 200)) return fail('"note" must be a string of at most 200 characters.');
  if (kind === 'expire-token' && product !== 'receivables') return fail('"expire-token" applies to receivables environments (OAuth bearer tokens) only.');
  const rule: RuleInput = {
    kind: kind as FaultKind,
    product,
    method: method.toUpperCase(),
    path,
    when,
    probability,
    ...(latency !== undefined ? { latencyMs: latency } : {}),
    ...(kind === 'status' ? { status: status as InjectedStatus } : {}),
    ...(fixed !== undefined ? { body: fixed as NonNullable<RuleInput['body']> } : {}),
    ...(contentType !== undefined ? { contentType: contentType as string } : {}),
    ...(kind === 'status' && status === 429 ? { retryAfter: (retryAfter as number | undefined) ?? 1 } : retryAfter !== undefined ? { retryAfter } : {}),
    ...(count !== undefined ? { count } : {}),
    ...(note !== undefined ? { note } : {}),
  };
  return { ok: true, rule };
}

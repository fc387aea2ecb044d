/** How the data browser reads an environment: plain GETs through the console's sender, and how they are shown. */
import type { ProductId } from '../../engine/for-app.ts';
import type { EnvSummary } from './api.ts';
import { tryJson } from './format.ts';
import { defaultAuth, send, type RequestSpec } from './request.ts';

export interface JsonAnswer {
  status: number;
  body: unknown;
  text: string;
}

/** A GET of a path with the product's default authentication (what "Open in console" hands over too). */
export function readRequest(product: ProductId | undefined, path: string): RequestSpec {
  return { method: 'GET', path, headers: [], body: '', auth: defaultAuth(product ?? 'receivables', path) };
}

export async function getJson(env: EnvSummary | undefined, path: string): Promise<JsonAnswer> {
  if (!env) throw new Error('No environment');
  const r = await send(env, readRequest(env.product, path));
  return { status: r.status, body: tryJson(r.body), text: r.body };
}

/** The service's own message of a refusal, short. */
export function describeError(status: number, body: unknown, text: string): string {
  if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    const inner = (o.error as Record<string, unknown> | undefined)?.message ?? o.detail ?? o.title ?? o.error;
    if (inner) return `${status}: ${typeof inner === 'string' ? inner : JSON.stringify(inner)}`;
  }
  return `${status}: ${text.slice(0, 300) || 'no body'}`;
}

export function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return Array.isArray(v) ? `[${v.length}]` : '{…}';
  return String(v);
}

/** A child table's columns: those holding a value in some row (subforms have many empty ones). */
export function childColumns(rows: Record<string, unknown>[]): string[] {
  const filled = (k: string) => rows.some((r) => r[k] !== null && r[k] !== undefined && r[k] !== '' && typeof r[k] !== 'object');
  return Object.keys(rows[0] ?? {})
    .filter((k) => k !== 'links' && !k.startsWith('@') && filled(k))
    .slice(0, 12);
}

/** Checks on an answer and the variables a request sets from it (issue 24 § 3). */
import { parsePath, textOf, valueAt } from './json-path.ts';
import type { Capture, Check, CheckResult } from './types.ts';

export interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

const header = (a: Answer, name: string) => a.headers.find(([k]) => k.toLowerCase() === name.trim().toLowerCase())?.[1];

function json(a: Answer): { ok: true; doc: unknown } | { ok: false } {
  try {
    return { ok: true, doc: JSON.parse(a.body) as unknown };
  } catch {
    return { ok: false };
  }
}

export function checkLabel(c: Check): string {
  switch (c.kind) {
    case 'status':
      return `status is ${c.equals}`;
    case 'json':
      return c.equals === undefined ? `${c.path} exists` : `${c.path} equals ${c.equals}`;
    case 'header':
      return c.equals === undefined ? `header ${c.name} is present` : `header ${c.name} equals ${c.equals}`;
  }
}

/** Why a check cannot be run as written (shown where it is edited), or null. */
export function checkProblem(c: Check): string | null {
  if (c.kind === 'status') return Number.isInteger(c.equals) && c.equals >= 100 && c.equals <= 599 ? null : 'A status is a number from 100 to 599.';
  if (c.kind === 'json') return parsePath(c.path) ? null : 'A JSON path starts with $, e.g. $.items[0].InvoiceNumber.';
  return c.name.trim() ? null : 'Name the header.';
}

export function runCheck(c: Check, a: Answer): CheckResult {
  const label = checkLabel(c);
  const problem = checkProblem(c);
  if (problem) return { label, pass: false, detail: problem };
  if (c.kind === 'status') return a.status === c.equals ? { label, pass: true } : { label, pass: false, detail: `the status is ${a.status}` };
  if (c.kind === 'header') {
    const v = header(a, c.name);
    if (v === undefined) return { label, pass: false, detail: 'the answer has no such header' };
    return c.equals === undefined || v === c.equals ? { label, pass: true } : { label, pass: false, detail: `it is ${v}` };
  }
  const parsed = json(a);
  if (!parsed.ok) return { label, pass: false, detail: 'the answer is not JSON' };
  const v = valueAt(parsed.doc, c.path);
  if (v === undefined) return { label, pass: false, detail: 'nothing is at that path' };
  return c.equals === undefined || textOf(v) === c.equals ? { label, pass: true } : { label, pass: false, detail: `it is ${textOf(v).slice(0, 120)}` };
}

/** The values the captures take from an answer (a capture that finds nothing sets nothing). */
export function capture(captures: readonly Capture[], a: Answer): Record<string, string> {
  const out: Record<string, string> = {};
  let parsed: ReturnType<typeof json> | undefined;
  for (const c of captures) {
    const from = c.from.trim();
    if (/^header:/i.test(from)) {
      const v = header(a, from.slice(7));
      if (v !== undefined) out[c.name] = v;
      continue;
    }
    parsed ??= json(a);
    if (!parsed.ok) continue;
    const v = valueAt(parsed.doc, from);
    if (v !== undefined && v !== null) out[c.name] = textOf(v);
  }
  return out;
}

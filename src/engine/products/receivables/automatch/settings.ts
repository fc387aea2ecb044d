/**
 * AutoMatch settings per environment (issue 9 § 2; real-product facts § Apply Receipts Using
 * AutoMatch): score weights that total 100, the minimum-match and auto-apply thresholds, and the
 * schedule. Defaults and their reasoning are in docs/reference/receivables.md § AutoMatch.
 */
export interface AutoMatchSettings {
  weights: { customer: number; transaction: number; amount: number };
  thresholds: { minimumMatch: number; autoApply: number };
  schedule: {
    /** Off: runs happen only on demand (control API or the app's AutoMatch view). */
    enabled: boolean;
    /** Recurring tenant schedule (minutes between runs). */
    intervalMinutes: number;
    /** A run is enqueued this long after a receipt is created, identified or given a reference. */
    delaySeconds: number;
  };
}

export const DEFAULT_SETTINGS: AutoMatchSettings = {
  weights: { customer: 20, transaction: 60, amount: 20 },
  thresholds: { minimumMatch: 60, autoApply: 80 },
  schedule: { enabled: true, intervalMinutes: 60, delaySeconds: 5 },
};

type Result = { ok: true; settings: AutoMatchSettings } | { ok: false; error: string };

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function numberIn(v: unknown, min: number, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
}

/**
 * Merge a PUT body into the current settings. Every part is optional; each given part is checked
 * whole, so a refused body changes nothing.
 */
export function mergeSettings(current: AutoMatchSettings, body: Record<string, unknown>): Result {
  const unknown = Object.keys(body).filter((k) => !['weights', 'thresholds', 'schedule'].includes(k));
  if (unknown.length) return { ok: false, error: `Unknown settings: ${unknown.join(', ')}. Send weights, thresholds or schedule.` };
  const next: AutoMatchSettings = structuredClone(current);
  if (body.weights !== undefined) {
    const w = body.weights;
    if (!isObj(w) || !['customer', 'transaction', 'amount'].every((k) => numberIn(w[k], 0, 100)) || Object.keys(w).length !== 3) {
      return { ok: false, error: '"weights" must be {"customer", "transaction", "amount"}: whole numbers from 0 to 100.' };
    }
    const total = (w.customer as number) + (w.transaction as number) + (w.amount as number);
    if (total !== 100) return { ok: false, error: `The weights must total 100 (they total ${total}).` };
    next.weights = { customer: w.customer as number, transaction: w.transaction as number, amount: w.amount as number };
  }
  if (body.thresholds !== undefined) {
    const t = body.thresholds;
    if (!isObj(t) || !numberIn(t.minimumMatch, 0, 100) || !numberIn(t.autoApply, 1, 100) || Object.keys(t).length !== 2) {
      return { ok: false, error: '"thresholds" must be {"minimumMatch": 0-100, "autoApply": 1-100} (whole numbers).' };
    }
    if ((t.minimumMatch as number) > (t.autoApply as number)) return { ok: false, error: 'minimumMatch cannot be above autoApply.' };
    next.thresholds = { minimumMatch: t.minimumMatch as number, autoApply: t.autoApply as number };
  }
  if (body.schedule !== undefined) {
    const s = body.schedule;
    const allowed = ['enabled', 'intervalMinutes', 'delaySeconds'];
    if (!isObj(s) || Object.keys(s).some((k) => !allowed.includes(k))) return { ok: false, error: `"schedule" takes ${allowed.join(', ')}.` };
    if (s.enabled !== undefined && typeof s.enabled !== 'boolean') return { ok: false, error: '"schedule.enabled" must be true or false.' };
    if (s.intervalMinutes !== undefined && !numberIn(s.intervalMinutes, 1, 10_080)) return { ok: false, error: '"schedule.intervalMinutes" must be a whole number from 1 to 10080 (a week).' };
    if (s.delaySeconds !== undefined && !numberIn(s.delaySeconds, 0, 86_400)) return { ok: false, error: '"schedule.delaySeconds" must be a whole number from 0 to 86400.' };
    next.schedule = { ...next.schedule, ...(s as Partial<AutoMatchSettings['schedule']>) };
  }
  return { ok: true, settings: next };
}

/** Receivables datetime format: ISO-8601 UTC with milliseconds and a +0000 offset (spec 000 § General). */
export function timestamp(d: Date): string {
  return d.toISOString().replace(/Z$/, '+0000');
}

/** Which columns a client may set (spec 001 write rule 3: server-owned columns are silently ignored). */
import type { Row } from '../../../core/types.ts';
import type { PropertyDef } from '../forms/index.ts';
import type { Payload } from './payload.ts';

/** Plain writable column: not a key, not read-only, not form-validated (those have their own rules). */
export function isWritable(p: PropertyDef): boolean {
  return !p.key && !p.readOnly && !p.formValidated;
}

/**
 * Copy the writable columns present in `payload` onto `row` (null clears, '' is kept distinct).
 * Returns the names written.
 */
export function applyWritable(row: Row, payload: Payload, skip: ReadonlySet<string> = new Set()): string[] {
  const written: string[] = [];
  for (const [name, value] of payload.values) {
    const p = payload.form.byName.get(name);
    if (!p || !isWritable(p) || skip.has(name)) continue;
    row[name] = value;
    written.push(name);
  }
  return written;
}

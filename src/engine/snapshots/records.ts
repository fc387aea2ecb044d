/**
 * The records of a snapshot file, checked before anything is written (issue 26 § What to reach: "A
 * snapshot import validates every record against its kind's definitions (types, required keys, ids
 * as the engine makes them, depth and size bounds) and refuses a bad file with 400 naming the first
 * problem"). The file's digest is a checksum, not a signature: an edited file with its digest
 * recomputed gets here like an exported one, so nothing in it is trusted.
 *
 * Each kind must be one the product stores (Product.recordKinds) or a portable kind of the
 * simulator's own (fault rules, checked by the control API's own rule validation); each record must
 * have its kind's shape and be filed under the id the engine gives it; every link must name a record
 * of the file. Two passes: ids first, then each record with its links, so a file of 400,000 records
 * is checked without holding its links.
 */
import { int, json, num, recordProblem, str, ts, type CheckContext, type KindSchema } from '../core/record-schema.ts';
import type { ProductId, Row } from '../core/types.ts';
import { FAULT_KIND } from '../faults/types.ts';
import { LIMITS_ID, LIMITS_KIND, LIMITS_PROFILES } from '../core/limits-profile.ts';
import { validateRule } from '../faults/validate.ts';
import { TimeSlicer } from '../core/yield.ts';

/** Fault rules as the control API stores them (admin/fault-routes.ts), checked by its own rules. */
function faultKind(product: ProductId): KindSchema {
  const RULE_FIELDS = ['kind', 'product', 'method', 'path', 'latencyMs', 'status', 'retryAfter', 'when', 'probability', 'count', 'note'];
  return {
    idOf: (row) => String(row.id),
    fields: {
      id: str(20).where((v) => (/^fault-\d{1,9}$/.test(v as string) ? null : 'must be fault-<number>')),
      fired: int().where((v) => ((v as number) >= 0 ? null : 'must not be negative')),
      createdAt: ts(),
      kind: str(20),
      product: str(20),
      method: str(10),
      path: str(300),
      when: str(10),
      probability: num(),
      latencyMs: json().orNull().optional(),
      status: int().optional(),
      retryAfter: int().optional(),
      count: int().optional(),
      note: str(200).optional(),
    },
    rowRule: (row: Row) => {
      const rule = Object.fromEntries(RULE_FIELDS.filter((k) => row[k] !== undefined).map((k) => [k, row[k]]));
      const checked = validateRule(rule, product);
      return checked.ok ? null : checked.error;
    },
  };
}

/** The real-limits profile record (admin/limits-routes.ts): one row, only the non-default profile. */
const LIMITS_SCHEMA: KindSchema = {
  idOf: (row) => String(row.id),
  fields: {
    id: str(20).where((v) => (v === LIMITS_ID ? null : `must be ${LIMITS_ID}`)),
    profile: str(20).where((v) => ((LIMITS_PROFILES as readonly unknown[]).includes(v) ? null : `must be one of ${LIMITS_PROFILES.join(', ')}`)),
  },
};

const KIND_PATTERN = /^[A-Za-z][A-Za-z0-9_./-]{0,127}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const quoted = (s: string) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

/**
 * The first problem of a file's `records`, in words a trainer can act on; null when every record
 * is one the product could have written. `isPortable` tells kinds a snapshot may carry at all.
 */
export async function recordsProblem(
  records: Record<string, unknown>,
  product: ProductId,
  kinds: Readonly<Record<string, KindSchema>>,
  idSeq: number,
  isPortable: (kind: string) => boolean,
): Promise<string | null> {
  // A large file is checked in time slices: the host answers other environments meanwhile (issue 19 § 2).
  const slicer = new TimeSlicer();
  let checked = 0;
  const schemas = new Map<string, KindSchema>();
  const ids = new Map<string, Set<string>>();
  // Pass 1: kinds, the [id, record] layout and unique ids.
  for (const [kind, rows] of Object.entries(records)) {
    if (!KIND_PATTERN.test(kind)) return `"records" has a kind named ${quoted(kind)}, which is not a record kind name.`;
    if (!isPortable(kind)) return `"records" carries "${kind}", which a snapshot never holds (credentials and tokens are not exported).`;
    const schema = kind === FAULT_KIND ? faultKind(product) : kind === LIMITS_KIND ? LIMITS_SCHEMA : Object.hasOwn(kinds, kind) ? kinds[kind] : undefined;
    if (!schema) return `"records" has a kind "${kind}" that a ${product} environment does not hold.`;
    schemas.set(kind, schema);
    if (!Array.isArray(rows)) return `"records.${kind}" must be an array of [id, record] pairs.`;
    const seen = new Set<string>();
    for (const pair of rows) {
      if ((++checked & 255) === 0) await slicer.breathe();
      if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || pair[0] === '' || pair[0].length > 512 || !isObject(pair[1])) {
        return `"records.${kind}" must hold [id, record] pairs: an id string (1-512 characters) and a JSON object.`;
      }
      if (seen.has(pair[0])) return `"records.${kind}" holds id ${quoted(pair[0])} twice.`;
      seen.add(pair[0]);
    }
    ids.set(kind, seen);
  }
  // Pass 2: each record's shape, its id, and the records it links to.
  const ctx: CheckContext = { idSeq };
  for (const [kind, rows] of Object.entries(records) as [string, [string, Record<string, unknown>][]][]) {
    const schema = schemas.get(kind) as KindSchema;
    for (const [i, [id, row]] of rows.entries()) {
      if ((++checked & 255) === 0) await slicer.breathe();
      let missing: string | null = null;
      const problem = recordProblem(schema, id, row, ctx, (target, value, where) => {
        if (!missing && !ids.get(target)?.has(value)) missing = `${where} ${value.slice(0, 40)} names no ${target} record of the file`;
      });
      const first = problem ?? missing;
      if (first) return `"records.${kind}" item ${i + 1} (id ${quoted(id)}): ${first}.`;
    }
  }
  return null;
}

/**
 * The snapshot file: one environment as a documented, versioned JSON document (issue 12 § 3;
 * docs/explore.md § Snapshots and scenarios). Built from the environment's records, read back only after every
 * part was checked, so a bad or foreign file is refused before anything is written.
 */
import { sha256Hex } from '../core/crypto.ts';
import type { JsonBounds } from '../core/json-bounds.ts';
import { PRODUCT_IDS, type CredentialType, type Product, type ProductId, type Row } from '../core/types.ts';
import { FAULT_KIND } from '../faults/types.ts';
import { LIMITS_KIND } from '../core/limits-profile.ts';
import { recordsProblem } from './records.ts';
import { yieldToHost } from '../core/yield.ts';

export const SNAPSHOT_FORMAT = 'erp-sim-snapshot';
export const SNAPSHOT_VERSION = 1;

/** A credential as a snapshot carries it: what it is called and may do, never a secret or a hash. */
export interface SnapshotCredential {
  type: CredentialType;
  name: string;
  owner: string | null;
  privileges: string[];
}

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  product: ProductId;
  name: string;
  /** Host time of the export (information only). */
  exportedAt: string;
  /** The environment clock at export; an import continues from this instant. */
  clock: { now: string };
  /** The environment's id sequence: new records after an import get ids the book has not used. */
  idSeq: number;
  /** Every record by kind, in the order the environment lists them: `[id, row]` pairs. */
  records: Record<string, [string, Row][]>;
  /** Only when the export asked for them: names and privileges; an import mints fresh secrets. */
  credentials?: SnapshotCredential[];
  /** SHA-256 (hex) of the canonical text of the parts above: an edited or damaged file is refused. */
  digest: string;
}

/** Kinds of the simulator's own (`sim.` prefix) that travel in a snapshot: fault rules, the real-limits profile. */
export const PORTABLE_SIM_KINDS: readonly string[] = [FAULT_KIND, LIMITS_KIND];

/** Record kinds a snapshot never carries: credentials (secrets) and issued tokens, the journal. */
export const isPortableKind = (kind: string): boolean => !kind.startsWith('sim.') || PORTABLE_SIM_KINDS.includes(kind);

/**
 * The shape bounds of a snapshot file, checked on its text before it is parsed: records nest some
 * eight levels (flexfields and AutoMatch runs inside) and hold at most a few hundred fields.
 */
export const SNAPSHOT_BOUNDS: JsonBounds = { maxDepth: 24, maxAttributes: 1000 };

/** The text the digest covers: every part of the file except `exportedAt`, `name` and the digest. */
function canonical(s: Pick<Snapshot, 'product' | 'clock' | 'idSeq' | 'records' | 'credentials'>): string {
  return JSON.stringify([s.product, s.clock.now, s.idSeq, s.records, s.credentials ?? null]);
}

export async function sealSnapshot(parts: Omit<Snapshot, 'format' | 'version' | 'digest'>): Promise<Snapshot> {
  const body = { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, ...parts } as const;
  return { ...body, digest: await sha256Hex(canonical(body)) };
}

export type SnapshotCheck = { ok: true; snapshot: Snapshot } | { ok: false; error: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Check a parsed file in full against its product (`productOf`: the credential types it may hold and
 * its record kinds). Messages say what is wrong in words a trainer can act on.
 */
export async function checkSnapshot(value: unknown, productOf: (p: ProductId) => Pick<Product, 'credentialTypes' | 'recordKinds'> | undefined): Promise<SnapshotCheck> {
  const no = (error: string): SnapshotCheck => ({ ok: false, error });
  if (!isObject(value)) return no('A snapshot is a JSON object; this file is not one.');
  if (value.format !== SNAPSHOT_FORMAT) {
    return no(`This is not an ERP simulator snapshot: "format" must be "${SNAPSHOT_FORMAT}"${typeof value.format === 'string' ? `, not "${value.format.slice(0, 60)}"` : ''}.`);
  }
  if (typeof value.version !== 'number' || !Number.isInteger(value.version) || value.version < 1) return no('"version" must be a positive integer.');
  if (value.version > SNAPSHOT_VERSION) {
    return no(`This snapshot has format version ${value.version}; this simulator reads version ${SNAPSHOT_VERSION} only. Update the simulator to import it.`);
  }
  const product = value.product;
  if (typeof product !== 'string' || !PRODUCT_IDS.includes(product as ProductId)) return no(`"product" must be one of: ${PRODUCT_IDS.join(', ')}.`);
  const described = productOf(product as ProductId);
  if (!described) return no(`This host does not simulate the ${product} product.`);
  const types = described.credentialTypes;
  if (typeof value.name !== 'string' || value.name.length > 120) return no('"name" must be a string of at most 120 characters.');
  const now = isObject(value.clock) ? value.clock.now : undefined;
  const at = typeof now === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(now) ? Date.parse(now) : NaN;
  if (Number.isNaN(at) || at < Date.UTC(1970, 0, 1) || at > Date.UTC(9999, 11, 31)) return no('"clock.now" must be an ISO-8601 date-time between 1970 and 9999.');
  if (typeof value.idSeq !== 'number' || !Number.isSafeInteger(value.idSeq) || value.idSeq < 0) return no('"idSeq" must be a non-negative integer.');
  if (!isObject(value.records)) return no('"records" must be an object of record kinds.');
  const records = await recordsProblem(value.records, product as ProductId, described.recordKinds, value.idSeq, isPortableKind);
  if (records) return no(records);
  if (value.credentials !== undefined) {
    if (!Array.isArray(value.credentials) || value.credentials.length > 100) return no('"credentials" must be an array of at most 100 credentials.');
    for (const c of value.credentials) {
      if (!isObject(c) || typeof c.type !== 'string' || !types.includes(c.type as CredentialType)) {
        return no(`Each of "credentials" needs a "type" a ${product} environment holds: ${types.join(', ')}.`);
      }
      if (typeof c.name !== 'string' || !/^[A-Za-z0-9._@…-]{1,64}$/.test(c.name)) return no('Each of "credentials" needs a "name" of 1-64 letters, digits, dot, underscore, @ or hyphen.');
      if (c.owner !== null && c.owner !== undefined && (typeof c.owner !== 'string' || !/^[A-Za-z0-9._@-]{1,20}$/.test(c.owner))) {
        return no('A credential\'s "owner" must be a username of 1-20 characters, or null.');
      }
      if (!Array.isArray(c.privileges) || c.privileges.some((p) => typeof p !== 'string' || p.length > 100)) return no('Each of "credentials" needs "privileges": an array of privilege names.');
    }
  }
  if (typeof value.digest !== 'string') return no('"digest" is missing: the file is not a complete snapshot.');
  const snapshot = value as unknown as Snapshot;
  await yieldToHost(); // the digest's text of a large file is one more step
  if ((await sha256Hex(canonical(snapshot))) !== value.digest) {
    return no('The snapshot was changed after it was exported (its digest does not match its content). Export it again, or fix the edit.');
  }
  return { ok: true, snapshot };
}

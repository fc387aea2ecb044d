/**
 * The admin token's hash next to `--state FILE` (`FILE.access.json`, readable by its owner only), so
 * a restarted host keeps its admin token as it keeps its environments' owner tokens (their hashes
 * are on the environment rows in the state file). Never the token itself.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

interface AccessFile {
  adminTokenHash: string;
}

export const accessFileOf = (stateFile: string) => `${stateFile}.access.json`;

/** The admin-token hash kept for this state file, or null (none yet, or an unreadable file). */
export function readAdminHash(stateFile: string): string | null {
  const file = accessFileOf(stateFile);
  if (!existsSync(file)) return null;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<AccessFile>;
    return typeof value.adminTokenHash === 'string' && /^[0-9a-f]{64}$/.test(value.adminTokenHash) ? value.adminTokenHash : null;
  } catch {
    return null;
  }
}

/** Keep `hash` as this state file's admin-token hash (temp file + rename: never half-written). */
export function writeAdminHash(stateFile: string, hash: string): void {
  const file = accessFileOf(stateFile);
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ adminTokenHash: hash } satisfies AccessFile)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
}

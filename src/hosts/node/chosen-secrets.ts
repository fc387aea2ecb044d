/**
 * The admin token and class codes a user chose, from wherever they gave them: a flag (which shows in
 * `ps` and shell history), a file or an environment variable (which do not). Each is checked here and
 * refused in words that name where it came from; none is ever printed.
 */
import { readFileSync } from 'node:fs';
import { chosenTokenProblem } from '../../engine/for-node.ts';

export interface ChosenSecrets {
  adminToken?: string;
  /** Where the admin token came from, for the banner (`the one given with …`). */
  adminTokenFrom?: string;
  classCodes: string[];
}

export interface SecretSources {
  adminTokenFlag?: string;
  adminTokenFile?: string;
  classCodeFlags?: string[];
  classCodeFile?: string;
  env: NodeJS.ProcessEnv;
}

/** What a file holds, or a sentence naming the option and why it cannot be read. */
function readSecretFile(option: string, file: string): string | { problem: string } {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { problem: `${option} ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'not allowed to read it' : code === 'EISDIR' ? 'a folder, not a file' : (err as Error).message}` };
  }
}

/** The chosen secrets, or a sentence naming what is wrong (the caller exits 2 with it). */
export function chosenSecrets(src: SecretSources): ChosenSecrets | { problem: string } {
  const adminSources: [string, string][] = [];
  if (src.adminTokenFlag !== undefined) adminSources.push(['--admin-token', src.adminTokenFlag]);
  if (src.adminTokenFile !== undefined) {
    const text = readSecretFile('--admin-token-file', src.adminTokenFile);
    if (typeof text !== 'string') return text;
    adminSources.push([`--admin-token-file ${src.adminTokenFile}`, text.trim()]);
  }
  if (adminSources.length > 1) return { problem: 'Give the admin token one way: --admin-token or --admin-token-file, not both.' };
  // The environment variable counts only when no option gives a token (an option is the more deliberate).
  const envToken = src.env.SIM_ADMIN_TOKEN?.trim();
  if (!adminSources.length && envToken) adminSources.push(['SIM_ADMIN_TOKEN', envToken]);
  const [admin] = adminSources;
  if (admin) {
    const problem = chosenTokenProblem('admin', admin[1]);
    if (problem) return { problem: `The admin token given with ${admin[0]} ${problem}` };
  }

  const codes: [string, string][] = (src.classCodeFlags ?? []).map((c) => ['--class-code', c]);
  if (src.classCodeFile !== undefined) {
    const text = readSecretFile('--class-code-file', src.classCodeFile);
    if (typeof text !== 'string') return text;
    const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    if (!lines.length) return { problem: `--class-code-file ${src.classCodeFile} holds no class code (one a line; lines starting with # are skipped).` };
    for (const line of lines) codes.push([`--class-code-file ${src.classCodeFile}`, line]);
  }
  for (const code of (src.env.SIM_CLASS_CODES ?? '').split(/[\s,]+/).filter(Boolean)) codes.push(['SIM_CLASS_CODES', code]);
  for (const [from, code] of codes) {
    const problem = chosenTokenProblem('class', code);
    if (problem) return { problem: `A class code given with ${from} ${problem}` };
  }
  return { ...(admin ? { adminToken: admin[1], adminTokenFrom: admin[0].split(' ')[0] } : {}), classCodes: [...new Set(codes.map(([, c]) => c))] };
}

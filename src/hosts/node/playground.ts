/**
 * The playground a Node host serves at `/` (issue 20): where its built files are, and whether they
 * are current. `npm run serve` passes `--build-app`, so a checkout whose dist/ is missing or older
 * than its sources is built first; started otherwise (tests, scripts, a package that ships dist/) the
 * host never builds, and says what to run when the files are missing or old.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { appBuildState, buildApp, canBuild } from './app-build.ts';

/** The repository (or package) root: src/hosts/node/ is three folders down. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface PlaygroundFiles {
  dir: string;
  /** What to tell the person starting the host (a build ran, or what to run), if anything. */
  note?: string;
}

export async function preparePlayground(opts: { root?: string; build: boolean; say: (line: string) => void }): Promise<PlaygroundFiles> {
  const root = opts.root ?? PACKAGE_ROOT;
  const dir = join(root, 'dist');
  if (!canBuild(root)) return { dir };
  const found = await appBuildState(root, dir);
  if (found.state === 'current') return { dir };
  const why = found.state === 'missing' ? 'dist/ holds no built playground' : `dist/ is older than ${found.newer}`;
  if (!opts.build) {
    return { dir, note: `The playground at / ${found.state === 'missing' ? 'is not built' : 'is out of date'} (${why}). Build it: npm run build (npm run serve builds it by itself).` };
  }
  opts.say(`Building the playground first (${why}): npm run build …`);
  if (await buildApp(root)) return { dir, note: 'Playground built.' };
  return { dir, note: 'The playground build failed (see above); / serves what dist/ holds. Fix the error and run npm run build.' };
}

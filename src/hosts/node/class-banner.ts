/**
 * Starting a class (issue 20 § Starting a class): the class's settings from the command line and
 * the two links the trainer needs, printed at start. The join link is what trainees open (the class
 * code in the URL fragment, which never reaches a server); the trainer link opens the trainer's view.
 * Neither is printed with a secret the trainer chose (the banner ends up in logs, issue 43 § 5): the
 * join link shows where the class code goes, and the trainer's view asks for the admin token. Only a
 * token this start generated rides in the trainer link's fragment (never a query string, so it
 * appears in no access log or Referer), since the banner shows it once anyway.
 */
import { networkInterfaces } from 'node:os';
import type { HostPageInfo } from './app-files.ts';

export type ClassSettings = NonNullable<HostPageInfo['class']>;

const PRODUCTS = ['receivables', 'odata'] as const;

/** The class settings, or a message naming the flag that is wrong. */
export function classSettings(flags: { codes: string[]; scenario?: string; product?: string; lessons?: string[] }): ClassSettings | { problem: string } | null {
  if (!flags.codes.length) {
    if (flags.scenario !== undefined) return { problem: '--class-scenario needs --class-code: the scenario is what a trainee joining with the code gets.' };
    if (flags.product !== undefined) return { problem: '--class-product needs --class-code: the product is what a trainee joining with the code gets.' };
    if (flags.lessons?.length) return { problem: '--class-lesson needs --class-code: the lessons are what a trainee joining with the code does.' };
    return null;
  }
  if (flags.product !== undefined && !PRODUCTS.includes(flags.product as (typeof PRODUCTS)[number])) {
    return { problem: `--class-product must be receivables or odata, not '${flags.product}'.` };
  }
  if (flags.scenario !== undefined && !/^[a-z0-9-]{1,80}$/.test(flags.scenario)) return { problem: `--class-scenario '${flags.scenario}' is not a scenario id (GET /sim/_admin/scenarios lists them).` };
  return {
    ...(flags.product ? { product: flags.product as ClassSettings['product'] } : {}),
    ...(flags.scenario ? { scenario: flags.scenario } : {}),
  };
}

/** Addresses trainees on the network can reach this host at, for the address it listens on. */
export function reachableAddresses(bind: string): string[] {
  if (bind !== '0.0.0.0' && bind !== '::') return [bind];
  const found: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) found.push(a.address);
  }
  return found.length ? found : ['127.0.0.1'];
}

const origin = (address: string, port: number) => `http://${address.includes(':') ? `[${address}]` : address}:${port}`;

/** The banner's class lines: join links (one per address), the trainer link, what trainees get. */
export function classBanner(opts: { bind: string; port: number; settings: ClassSettings; generatedAdminToken?: string; adminTokenKept?: boolean; scenarioTitle?: string }): string[] {
  const addresses = reachableAddresses(opts.bind);
  const lines = ['', `Class: trainees open the join link, type their name and get their own ${opts.scenarioTitle ? `copy of "${opts.scenarioTitle}"` : `${opts.settings.product ?? 'receivables'} environment`}:`];
  for (const a of addresses) lines.push(`  join:    ${origin(a, opts.port)}/#/join/${CODE_PLACEHOLDER}`);
  lines.push(`           (put the class code you chose in place of ${CODE_PLACEHOLDER}: it is not printed, so it stays out of logs)`);
  if (opts.settings.lessons?.length) lines.push(`  lessons: ${opts.settings.lessons.join(', ')}   (the join link opens the first)`);
  if (isLoopback(opts.bind)) lines.push(`  (the host listens on ${opts.bind}: only this machine can join. For a room: npm run serve -- --host 0.0.0.0 --class-code …)`);
  if (opts.generatedAdminToken) {
    lines.push(`  trainer: ${origin('127.0.0.1', opts.port)}/#/trainer?token=${opts.generatedAdminToken}`);
    lines.push('           (the admin token rides in the # part, which browsers never send; keep this link to yourself)');
  } else if (opts.adminTokenKept) {
    lines.push(`  trainer: ${origin('127.0.0.1', opts.port)}/#/trainer   (the trainer link of this state file's first start still works; or paste the admin token there)`);
  } else {
    lines.push(`  trainer: ${origin('127.0.0.1', opts.port)}/#/trainer   (paste the admin token you chose there: it is not printed)`);
  }
  return lines;
}

/** What the banner's join link shows where the class code goes. */
export const CODE_PLACEHOLDER = '<class-code>';

/** Whether the host listens on this machine only (the start and class banners say so). */
export function isLoopback(bind: string): boolean {
  return /^(127\.|::1$|localhost$)/.test(bind);
}

/**
 * Which host answers `/sim` for this page (issue 20). A Node host marks the index.html it serves with
 * `<meta name="erp-sim-host" content='{"host":"node",…}'>` (src/hosts/node/app-files.ts): the page
 * then talks to that host over the network, registers no service worker, and follows the host's
 * event stream. Any other host (a static one, the offline copy) serves the page unmarked, and the
 * browser-only playground runs as before: the worker answers `/sim` from IndexedDB.
 */

export interface SharedHostInfo {
  host: 'node';
  /** Set when the host runs a class: what a trainee's environment is made from. */
  class?: { product?: 'receivables' | 'odata'; scenario?: string; lessons?: string[] };
}

function read(): SharedHostInfo | null {
  const content = document.querySelector('meta[name="erp-sim-host"]')?.getAttribute('content');
  if (!content) return null;
  try {
    const info: unknown = JSON.parse(content);
    if (info && typeof info === 'object' && (info as { host?: unknown }).host === 'node') return info as SharedHostInfo;
  } catch {
    /* not ours: the browser-only playground */
  }
  return null;
}

/** The Node host this page was served by, or null when this browser answers /sim itself. */
export const sharedHost: SharedHostInfo | null = read();

/** The host's address as trainees type it (the page's own host and port). */
export const hostAddress = (): string => location.host;

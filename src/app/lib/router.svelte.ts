/**
 * Deep links: every view has a hash route, e.g. `#/console/env_…`, `#/data/env_…/CUSTOMERS/C1000`,
 * `#/errors?q=AR-1000`, `#/console?share=…`, a class's `#/join/<code>` and `#/trainer` (issue 20). The hash
 * never reaches a server, so static hosting works (and a trainer link's token stays out of server logs).
 * No route at all is the start page on a first visit, and the view last open on a return.
 */
import { VIEWS, type View } from './views.ts';

export type { View };

export interface Route {
  view: View;
  env?: string;
  /** Further path segments (decoded), e.g. resource name and record id in the data browser. */
  parts: string[];
  query: URLSearchParams;
}

function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [pathPart = '', queryPart = ''] = raw.split('?', 2) as [string?, string?];
  const segs = pathPart.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  const view = segs.length === 0 ? 'start' : (VIEWS as readonly string[]).includes(segs[0] ?? '') ? (segs[0] as View) : 'envs';
  const rest = view === segs[0] ? segs.slice(1) : [];
  const env = rest[0]?.startsWith('env_') ? rest.shift() : undefined;
  return { view, env, parts: rest, query: new URLSearchParams(queryPart) };
}

export function hashFor(view: View, env?: string, parts: string[] = [], query?: Record<string, string>): string {
  const segs = [view, ...(env ? [env] : []), ...parts].map(encodeURIComponent).join('/');
  const q = query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : '';
  return `#/${segs}${q}`;
}

const LAST = 'erp-sim:last-view';

/**
 * Remember where the user is, for their next visit: the view with the environment it shows (never
 * a key the address named but this browser may not see, e.g. another trainee's) and no query (it
 * may hold a share link or a token).
 */
export function rememberView(route: Route, shownEnv: string | undefined): void {
  if (route.view === 'start' || route.view === 'join') return;
  localStorage.setItem(LAST, hashFor(route.view, route.env ? shownEnv : undefined, route.env === shownEnv ? route.parts : []));
}

// A returning user opening the bare address lands where they were.
if (/^#?\/?$/.test(location.hash)) {
  const last = localStorage.getItem(LAST);
  if (last && parseHash(last).view !== 'start') history.replaceState(history.state, '', last);
}

export const router = $state({ route: parseHash(location.hash) });

addEventListener('hashchange', () => {
  router.route = parseHash(location.hash);
});

export function navigate(hash: string, replace = false): void {
  if (location.hash === hash) return;
  if (replace) {
    history.replaceState(history.state, '', hash);
    router.route = parseHash(hash);
  } else location.hash = hash;
}

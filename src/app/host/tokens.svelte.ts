/**
 * The tokens a page of a shared host holds (issue 19's access rules, issue 20's class), kept in this
 * browser's storage for this host's origin only:
 *   - owner tokens, one per environment this browser created (returned once as `ownerToken`);
 *   - the class code the trainee joined with (it may create environments and read the catalogs);
 *   - the admin token, from the trainer link's URL fragment (never a query string, so no server
 *     log or Referer ever carries it), taken out of the address bar as soon as the page starts.
 * Which one a control-API call carries is `tokenFor`'s choice; the browser-only playground holds none.
 */
const OWNERS = 'erp-sim:owner-tokens';
const CLASS = 'erp-sim:class-code';
const ADMIN = 'erp-sim:admin-token';
/** Set when this browser's class environment was removed on the host, until the trainee joins again. */
const REMOVED = 'erp-sim:env-removed';
const KEY = /^env_[0-9a-f]{32}$/;

function owners(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(OWNERS) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export const ownerToken = (key: string): string | undefined => owners()[key];
export const ownedKeys = (): string[] => Object.keys(owners());

export function rememberOwner(key: string, token: string): void {
  localStorage.setItem(OWNERS, JSON.stringify({ ...owners(), [key]: token }));
  dismissRemoved();
}

/** Forget an environment's owner token; `removed`: because the host no longer has it (the trainer removed it). */
export function forgetOwner(key: string, removed = false): void {
  const { [key]: _gone, ...rest } = owners();
  localStorage.setItem(OWNERS, JSON.stringify(rest));
  if (removed) {
    // Kept across a reload: the owner token that would tell it again is gone now.
    localStorage.setItem(REMOVED, '1');
    held.removed = true;
  }
}

/** The class code and admin token, mirrored in reactive state: the header and views follow a join or a pasted token. */
const held = $state({ classCode: localStorage.getItem(CLASS), admin: localStorage.getItem(ADMIN), removed: localStorage.getItem(REMOVED) === '1' });

/** This page's class environment was removed on the host: the page says so, with the way back in. */
export const ownEnvRemoved = (): boolean => held.removed;
export function dismissRemoved(): void {
  localStorage.removeItem(REMOVED);
  held.removed = false;
}

export const classCode = (): string | null => held.classCode;
export function setClassCode(code: string): void {
  localStorage.setItem(CLASS, code);
  held.classCode = code;
}

export const adminToken = (): string | null => held.admin;
export function setAdminToken(token: string | null): void {
  if (token) localStorage.setItem(ADMIN, token);
  else localStorage.removeItem(ADMIN);
  held.admin = token;
}

/**
 * The trainer link (`#/trainer?token=…`): keep the token and leave `#/trainer` in the address bar and
 * the history, so it is neither shown over a shoulder nor bookmarked. Runs before the router reads
 * the hash (take-token.ts, main.ts's first import).
 */
export function takeTokenFromLink(): void {
  const match = /^#\/trainer\?(.*)$/.exec(location.hash);
  if (!match) return;
  const token = new URLSearchParams(match[1]).get('token');
  if (token) setAdminToken(token);
  history.replaceState(history.state, '', `${location.pathname}${location.search}#/trainer`);
}

/**
 * The bearer token for a control-API path (relative to `/sim/_admin`): the admin token reaches
 * everything; an environment's own routes take its owner token; the collection routes (create,
 * import, scenarios, catalogs) take the class code. None: the host decides (a loopback page of a
 * host without --require-token is trusted).
 */
export function tokenFor(path: string): string | undefined {
  const admin = adminToken();
  if (admin) return admin;
  const key = /^\/environments\/([^/?]+)/.exec(path)?.[1];
  if (key && KEY.test(key)) return ownerToken(key);
  return classCode() ?? undefined;
}

/**
 * The data browser's chosen columns per product and resource (issue 24 § 1.7), kept in this browser:
 * which are shown, in which order, and which are pinned (they stay in view while the table scrolls
 * sideways). By default the resource's first key is pinned and the columns holding a value show.
 */
const PREFIX = 'erp-sim:columns:';

export interface ColumnChoice {
  shown: string[];
  pinned: string[];
}

export function loadChoice(product: string, resource: string): ColumnChoice | null {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(`${PREFIX}${product}:${resource}`) ?? 'null');
    if (!raw || typeof raw !== 'object') return null;
    const c = raw as Partial<ColumnChoice>;
    return Array.isArray(c.shown) && Array.isArray(c.pinned) ? { shown: c.shown, pinned: c.pinned } : null;
  } catch {
    return null;
  }
}

export function saveChoice(product: string, resource: string, choice: ColumnChoice | null): void {
  const key = `${PREFIX}${product}:${resource}`;
  if (choice) localStorage.setItem(key, JSON.stringify(choice));
  else localStorage.removeItem(key);
}

/** Pinned columns first (in their order), then the other shown ones; names no longer offered are dropped. */
export function arrange(choice: ColumnChoice, offered: readonly string[]): { columns: string[]; pinned: number } {
  const pinned = choice.pinned.filter((c) => offered.includes(c));
  const rest = choice.shown.filter((c) => offered.includes(c) && !pinned.includes(c));
  return { columns: [...pinned, ...rest], pinned: pinned.length };
}

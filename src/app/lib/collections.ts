/**
 * Collections in this browser (issue 24 § 3): named collections with folders, one list for the
 * whole browser (localStorage), each of one product and runnable against any environment of it.
 * Requests saved before collections existed (per environment) move into a collection of their
 * environment's product the first time the console sees that environment.
 */
import type { Capture, Check, Collection, CollectionFolder, CollectionItem, CollectionRequest, ItemRequest, Product } from '../../collections/types.ts';
import { newId } from '../../collections/types.ts';
import { forgetSaved, loadSaved } from './saved.ts';

export type { Capture, Check, Collection, CollectionFolder, CollectionItem, CollectionRequest, ItemRequest, Product };

const KEY = 'erp-sim:collections';

export function loadCollections(): Collection[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? (list as Collection[]) : [];
  } catch {
    return [];
  }
}

export function saveCollections(list: Collection[]): Collection[] {
  localStorage.setItem(KEY, JSON.stringify(list));
  return list;
}

const touch = (c: Collection): Collection => ({ ...c, updatedAt: new Date().toISOString() });

function mapItems(items: CollectionItem[], fn: (i: CollectionItem) => CollectionItem | null): CollectionItem[] {
  const out: CollectionItem[] = [];
  for (const i of items) {
    const next = fn(i);
    if (!next) continue;
    out.push(next.type === 'folder' ? { ...next, items: mapItems(next.items, fn) } : next);
  }
  return out;
}

/** Change one collection (by id) and store the list. */
export function updateCollection(id: string, change: (c: Collection) => Collection | null): Collection[] {
  const list = loadCollections();
  const out: Collection[] = [];
  for (const c of list) {
    if (c.id !== id) out.push(c);
    else {
      const next = change(c);
      if (next) out.push(touch(next));
    }
  }
  return saveCollections(out);
}

export function createCollection(name: string, product: Product): Collection {
  const c: Collection = { id: newId(), name, product, items: [], variables: [], updatedAt: new Date().toISOString() };
  saveCollections([...loadCollections(), c]);
  return c;
}

/** Add a collection from a file; one whose id is already here gets a new id (an export imported back). */
export function addImported(c: Collection): Collection[] {
  const list = loadCollections();
  const copy = list.some((x) => x.id === c.id) ? { ...c, id: newId() } : c;
  return saveCollections([...list, copy]);
}

export function findRequest(list: readonly Collection[], itemId: string): { collection: Collection; item: CollectionRequest } | undefined {
  const walk = (items: CollectionItem[]): CollectionRequest | undefined => {
    for (const i of items) {
      if (i.type === 'request' && i.id === itemId) return i;
      if (i.type === 'folder') {
        const hit = walk(i.items);
        if (hit) return hit;
      }
    }
    return undefined;
  };
  for (const collection of list) {
    const item = walk(collection.items);
    if (item) return { collection, item };
  }
  return undefined;
}

/** Save a request into a collection (into a folder by name, made when missing); a request of the same name there is replaced. */
export function saveRequestTo(collectionId: string, folder: string, item: Omit<CollectionRequest, 'id' | 'type'>): { list: Collection[]; id: string } {
  let id = newId();
  const entry: CollectionRequest = { type: 'request', id, ...item };
  const list = updateCollection(collectionId, (c) => {
    const place = (items: CollectionItem[]): CollectionItem[] => {
      const at = items.findIndex((i) => i.type === 'request' && i.name === item.name);
      if (at < 0) return [...items, entry];
      id = (items[at] as CollectionItem).id;
      return items.map((i, n) => (n === at ? { ...entry, id } : i));
    };
    if (!folder.trim()) return { ...c, items: place(c.items) };
    const existing = c.items.find((i): i is CollectionFolder => i.type === 'folder' && i.name === folder.trim());
    if (existing) return { ...c, items: c.items.map((i) => (i === existing ? { ...existing, items: place(existing.items) } : i)) };
    return { ...c, items: [...c.items, { type: 'folder', id: newId(), name: folder.trim(), items: [entry] }] };
  });
  return { list, id };
}

/** Replace one saved request's request, checks and captures (keeping its place and name). */
export function updateRequest(itemId: string, patch: Partial<Pick<CollectionRequest, 'name' | 'request' | 'checks' | 'captures'>>): Collection[] {
  const owner = findRequest(loadCollections(), itemId)?.collection;
  if (!owner) return loadCollections();
  return updateCollection(owner.id, (c) => ({ ...c, items: mapItems(c.items, (i) => (i.type === 'request' && i.id === itemId ? { ...i, ...patch } : i)) }));
}

export function deleteItem(itemId: string): Collection[] {
  const list = loadCollections();
  const owner = list.find((c) => JSON.stringify(c.items).includes(`"id":"${itemId}"`));
  if (!owner) return list;
  return updateCollection(owner.id, (c) => ({ ...c, items: mapItems(c.items, (i) => (i.id === itemId ? null : i)) }));
}

/** Move an item one place up or down among its siblings. */
export function moveItem(itemId: string, by: -1 | 1): Collection[] {
  const list = loadCollections();
  const owner = list.find((c) => JSON.stringify(c.items).includes(`"id":"${itemId}"`));
  if (!owner) return list;
  const shift = (items: CollectionItem[]): CollectionItem[] => {
    const at = items.findIndex((i) => i.id === itemId);
    if (at >= 0) {
      const to = at + by;
      if (to < 0 || to >= items.length) return items;
      const copy = [...items];
      [copy[at], copy[to]] = [copy[to] as CollectionItem, copy[at] as CollectionItem];
      return copy;
    }
    return items.map((i) => (i.type === 'folder' ? { ...i, items: shift(i.items) } : i));
  };
  return updateCollection(owner.id, (c) => ({ ...c, items: shift(c.items) }));
}

/** Requests an environment saved before collections existed become a collection of its product. */
export function migrateSaved(env: { key: string; name: string; product: Product }): void {
  const old = loadSaved(env.key);
  if (old.length === 0) return;
  const c: Collection = {
    id: newId(),
    name: `Saved in ${env.name}`.slice(0, 80),
    product: env.product,
    variables: [],
    updatedAt: new Date().toISOString(),
    items: old.map((s) => ({ type: 'request', id: s.id, name: s.name, request: { method: s.request.method, path: s.request.path, headers: s.request.headers, body: s.request.body, auth: s.request.auth, ...(s.request.privileges ? { privileges: s.request.privileges } : {}) }, checks: [], captures: [] })),
  };
  saveCollections([...loadCollections(), c]);
  forgetSaved(env.key);
}

/** The request part a collection keeps of a console request (no pasted token, no chosen credential). */
export function itemRequest(r: { method: string; path: string; headers: { name: string; value: string }[]; body: string; auth: ItemRequest['auth']; privileges?: string[] }): ItemRequest {
  return { method: r.method, path: r.path, headers: r.headers.map((h) => ({ name: h.name, value: h.value })), body: r.body, auth: r.auth, ...(r.privileges ? { privileges: r.privileges } : {}) };
}

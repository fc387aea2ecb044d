/**
 * Rows sorted by a plain key (then position key), in a balanced tree that knows each subtree's size:
 * a write inserts or removes one entry in O(log n), and how many entries sort below a key is found
 * in O(log n) too, so a range's count needs no walk of its rows. A treap: each entry gets a
 * pseudo-random priority (a fixed seed, so the engine stays deterministic) that keeps it balanced
 * whatever order rows come in. Readers use it synchronously, never across a write.
 *
 * Hand-written because the library measured for it, js-sdsl 4.4's indexed OrderedSet, counted 2-4x
 * slower (the count answers every range's totalResults), finds an entry by rank with an O(rank) walk,
 * and builds from sorted entries one insert at a time.
 */
import type { Row } from './types.ts';

export type TreeKey = number | string;

interface Node {
  key: TreeKey;
  seq: number;
  row: Row;
  prio: number;
  size: number;
  left: Node | null;
  right: Node | null;
}

/** An entry: the row at position key `seq`, filed under `key`. */
export interface TreeEntry {
  key: TreeKey;
  seq: number;
  row: Row;
}

const sizeOf = (n: Node | null): number => (n ? n.size : 0);

/** Entry order: by key (numbers with numbers, strings with strings), then position key. */
function before(aKey: TreeKey, aSeq: number, b: Node): boolean {
  return aKey < b.key || (aKey === b.key && aSeq < b.seq);
}

export class CountedTree {
  private root: Node | null = null;
  private seed = 0x2545f491;

  get size(): number {
    return sizeOf(this.root);
  }

  /** A tree of `entries`, which must be in entry order (key, then seq): built in O(n). */
  static fromSorted(entries: readonly TreeEntry[]): CountedTree {
    const tree = new CountedTree();
    // The spine of nodes whose right side is still open; a node of higher priority takes the
    // lower ones popped off it as its left side (a Cartesian tree).
    const spine: Node[] = [];
    for (const e of entries) {
      const node: Node = { key: e.key, seq: e.seq, row: e.row, prio: tree.nextPrio(), size: 1, left: null, right: null };
      let last: Node | null = null;
      while (spine.length && (spine[spine.length - 1] as Node).prio < node.prio) last = spine.pop() as Node;
      node.left = last;
      if (spine.length) (spine[spine.length - 1] as Node).right = node;
      spine.push(node);
    }
    tree.root = spine[0] ?? null;
    fixSizes(tree.root);
    return tree;
  }

  insert(key: TreeKey, seq: number, row: Row): void {
    const node: Node = { key, seq, row, prio: this.nextPrio(), size: 1, left: null, right: null };
    const [l, r] = split(this.root, key, seq);
    this.root = merge(merge(l, node), r);
  }

  /** Remove the entry at (key, seq); false when there is none. */
  remove(key: TreeKey, seq: number): boolean {
    let removed = false;
    const drop = (n: Node | null): Node | null => {
      if (!n) return null;
      if (n.key === key && n.seq === seq) {
        removed = true;
        return merge(n.left, n.right);
      }
      if (before(key, seq, n)) n.left = drop(n.left);
      else n.right = drop(n.right);
      if (removed) n.size--;
      return n;
    };
    this.root = drop(this.root);
    return removed;
  }

  /** Give the entry at (key, seq) a new row object; false when there is none. */
  replace(key: TreeKey, seq: number, row: Row): boolean {
    for (let n = this.root; n; n = before(key, seq, n) ? n.left : n.right) {
      if (n.key === key && n.seq === seq) {
        n.row = row;
        return true;
      }
    }
    return false;
  }

  /** How many entries have a key below `key` (`orEqual`: at most `key`). */
  countBelow(key: TreeKey, orEqual: boolean): number {
    let count = 0;
    for (let n = this.root; n; ) {
      if (n.key < key || (orEqual && n.key === key)) {
        count += sizeOf(n.left) + 1;
        n = n.right;
      } else {
        n = n.left;
      }
    }
    return count;
  }

  /** Visit the entries ranked `from` to `to - 1` in entry order. */
  forRanks(from: number, to: number, visit: (row: Row, seq: number, key: TreeKey) => void): void {
    const walk = (n: Node | null, offset: number): void => {
      // `offset`: how many entries sort before this subtree.
      if (!n || offset >= to || offset + n.size <= from) return;
      const at = offset + sizeOf(n.left);
      walk(n.left, offset);
      if (at >= from && at < to) visit(n.row, n.seq, n.key);
      walk(n.right, at + 1);
    };
    walk(this.root, 0);
  }

  private nextPrio(): number {
    // xorshift32: priorities only need to look random, not be unpredictable.
    let x = this.seed;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.seed = x >>> 0;
    return this.seed;
  }
}

/** Entries before (key, seq) and the rest. */
function split(n: Node | null, key: TreeKey, seq: number): [Node | null, Node | null] {
  if (!n) return [null, null];
  if (before(key, seq, n)) {
    const [l, r] = split(n.left, key, seq);
    n.left = r;
    n.size = sizeOf(n.left) + sizeOf(n.right) + 1;
    return [l, n];
  }
  const [l, r] = split(n.right, key, seq);
  n.right = l;
  n.size = sizeOf(n.left) + sizeOf(n.right) + 1;
  return [n, r];
}

/** Two trees, every entry of `a` before every entry of `b`, as one. */
function merge(a: Node | null, b: Node | null): Node | null {
  if (!a) return b;
  if (!b) return a;
  if (a.prio > b.prio) {
    a.right = merge(a.right, b);
    a.size = sizeOf(a.left) + sizeOf(a.right) + 1;
    return a;
  }
  b.left = merge(a, b.left);
  b.size = sizeOf(b.left) + sizeOf(b.right) + 1;
  return b;
}

/** Sizes of a freshly linked tree, children first, without recursion (its depth is not bounded yet). */
function fixSizes(root: Node | null): void {
  const order: Node[] = [];
  const stack: Node[] = root ? [root] : [];
  while (stack.length) {
    const n = stack.pop() as Node;
    order.push(n);
    if (n.left) stack.push(n.left);
    if (n.right) stack.push(n.right);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i] as Node;
    n.size = sizeOf(n.left) + sizeOf(n.right) + 1;
  }
}

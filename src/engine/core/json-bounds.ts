/**
 * Structural bounds of JSON the simulator accepts from a client (issue 26 § What to reach): no
 * resource of either product nests more than a few levels or has more than a few dozen attributes,
 * so a body far beyond that is refused before any field is looked at (a 5 MB body of 400,000
 * attributes cost seconds of checks and a 55 MB error answer). The size of a body is the hosts' and
 * the products' own limit; these bound its shape. The walk is iterative: depth costs no stack.
 */

export interface JsonBounds {
  /** Levels of objects and arrays inside one another (the top value is level 1). */
  maxDepth: number;
  /** Attributes of one object. */
  maxAttributes: number;
}

/** Request bodies of both products: ten times anything a resource defines, far below what hurts. */
export const BODY_BOUNDS: JsonBounds = { maxDepth: 32, maxAttributes: 1000 };

const tooDeep = (b: JsonBounds) => `The request body nests objects and arrays more than ${b.maxDepth} levels deep.`;
const tooWide = (b: JsonBounds, count?: number) =>
  `The request body has an object with more than ${b.maxAttributes} attributes${count === undefined ? '' : ` (${count})`}; no resource has that many.`;

/**
 * The bounds checked on the text, before it is parsed: JSON.parse alone takes over a second for an
 * object of 400,000 attributes, this scan some milliseconds. Attributes are counted by the colons
 * outside strings of each open object, so the answer is exact for valid JSON; invalid JSON that
 * breaks no bound is left to the parser to refuse.
 */
export function jsonTextBoundsProblem(text: string, bounds: JsonBounds = BODY_BOUNDS): string | null {
  /** Per open container: attributes seen so far, or -1 for an array. */
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // Skip the string: the next quote not escaped by an odd run of backslashes.
      let j = text.indexOf('"', i + 1);
      for (;;) {
        if (j < 0) return null; // unterminated: the parser refuses it
        let slashes = 0;
        while (text.charCodeAt(j - 1 - slashes) === 92) slashes++;
        if (slashes % 2 === 0) break;
        j = text.indexOf('"', j + 1);
      }
      i = j;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (open.length >= bounds.maxDepth) return tooDeep(bounds);
      open.push(c === 123 ? 0 : -1);
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      open.pop();
    } else if (c === 58 /* : */ && open.length > 0) {
      const top = open.length - 1;
      const n = open[top] as number;
      if (n >= 0 && (open[top] = n + 1) > bounds.maxAttributes) return tooWide(bounds);
    }
  }
  return null;
}

/** What breaks a bound, in words a client can act on; null when the value keeps them. */
export function jsonBoundsProblem(value: unknown, bounds: JsonBounds = BODY_BOUNDS): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth > bounds.maxDepth) return tooDeep(bounds);
    if (Array.isArray(v)) {
      for (const item of v) if (item !== null && typeof item === 'object') stack.push([item, depth + 1]);
      continue;
    }
    let count = 0;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      if (++count > bounds.maxAttributes) {
        return tooWide(bounds, Object.keys(v).length);
      }
      const item = (v as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') stack.push([item, depth + 1]);
    }
  }
  return null;
}

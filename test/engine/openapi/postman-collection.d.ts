// The parts of postman-collection (no bundled types) the collection test uses.
declare module 'postman-collection' {
  interface PropertyList<T> {
    count(): number;
    all(): T[];
    each(fn: (item: T) => void): void;
  }
  export class Url {
    getPath(): string;
    toString(): string;
  }
  export class Request {
    method: string;
    url: Url;
    auth?: { type: string };
    body?: { mode: string; raw?: string };
    headers: PropertyList<{ key: string; value: string }>;
  }
  export class Item {
    name: string;
    request: Request;
    events: PropertyList<{ listen: string; script: { exec: string[] } }>;
  }
  export class ItemGroup<T> {
    name: string;
    items: PropertyList<T | ItemGroup<T>>;
    static isItemGroup(x: unknown): boolean;
    forEachItem(fn: (item: T) => void): void;
  }
  export class Collection extends ItemGroup<Item> {
    constructor(definition: unknown);
    variables: PropertyList<{ key: string; value: string }> & { get(key: string): string };
    auth?: { type: string };
    toJSON(): Record<string, unknown>;
  }
}

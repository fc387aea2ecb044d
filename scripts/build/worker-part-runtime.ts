/**
 * What the core's stubs of a worker part's exports are made of (scripts/build/worker-parts.ts):
 * each export is a proxy that loads the part on first use, through the host's
 * `self.erpSimLoadPart(part)` (synchronous `importScripts` in the worker), and then forwards reads,
 * writes, calls, `new` and `instanceof` to the real export. `statics` answers the properties read
 * before the part is needed (a product's `id`), without loading it.
 */
type Loader = { erpSimLoadPart(part: string): Record<string, Record<string, unknown>> | undefined };

// A proxy of a function: it can stand for a function, a class or an object. The handler's casts
// are the price of one proxy for every kind of export (the real export's type is not known here).
export function lazyExport(part: string, entry: string, name: string, statics?: Record<string, unknown>): unknown {
  let real: object | undefined;
  const load = (): object => {
    if (real === undefined) {
      const loaded = (self as unknown as Loader).erpSimLoadPart(part);
      const ns = loaded?.[entry];
      if (!ns || !(name in ns)) throw new Error(`The worker part ${part} did not register ${entry}.${name}`);
      real = ns[name] as object;
    }
    return real;
  };
  const own = (k: string | symbol) => statics !== undefined && Object.prototype.hasOwnProperty.call(statics, k);
  const proxy: object = new Proxy(function () {}, {
    get: (_, k) => (own(k) ? (statics as Record<string | symbol, unknown>)[k] : Reflect.get(load(), k)),
    set: (_, k, v) => Reflect.set(load(), k, v),
    has: (_, k) => own(k) || Reflect.has(load(), k),
    apply: (_, self, args) => Reflect.apply(load() as (...a: unknown[]) => unknown, self, args),
    construct: (_, args, newTarget) => Reflect.construct(load() as new (...a: unknown[]) => object, args, newTarget === proxy ? (load() as () => void) : newTarget),
    getPrototypeOf: () => Reflect.getPrototypeOf(load()),
  });
  return proxy;
}

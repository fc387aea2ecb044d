/**
 * The layers of src/, from the ground up (README § Architecture), checked by `npm test`:
 *   engine/core → engine/storage → engine/products/<p> → cross-cutting engine parts (access, admin, drills, faults,
 *   journal, lessons, limits, notices, openapi, replay, snapshots, teaching, around-product) → engine.ts, index.ts,
 *   for-app.ts, for-node.ts → hosts (sw, hosts/node); src/app sees the engine only through for-app.ts.
 *   (The Node host enters through for-node.ts, which reaches no Dexie at run time: test/package runs
 *   the packed package without it. A reachability rule here would also count type-only imports.)
 * Beside them, src/collections (collections, variables, checks, the runner over a given fetch) stands
 * on its own: the playground and the Node host's CLI both use it.
 * A layer imports only layers below it; no import cycle anywhere, type-only imports included.
 */
const CROSS = '^src/engine/(access|admin|drills|faults|journal|lessons|limits|notices|openapi|replay|snapshots|teaching)/|^src/engine/around-product\\.ts$';
const TOP = '^src/engine/(engine|index|for-app|for-node)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'An import cycle ties its files into one unit: none anywhere in src/ (type-only imports included). ' +
        'A recursive component importing itself (JsonTree, XmlTree) is recursion, not a cycle.',
      from: { path: '^(src/.+)$' },
      to: { circular: true, pathNot: '^$1$' },
    },
    {
      name: 'core-is-the-ground',
      severity: 'error',
      comment: 'engine/core imports nothing of the project outside core.',
      from: { path: '^src/engine/core/' },
      to: { path: '^src/', pathNot: '^src/engine/core/' },
    },
    {
      name: 'storage-over-core-only',
      severity: 'error',
      comment: 'engine/storage builds on core alone.',
      from: { path: '^src/engine/storage/' },
      to: { path: '^src/', pathNot: '^src/engine/(core|storage)/' },
    },
    {
      name: 'products-below-cross-cutting',
      severity: 'error',
      comment: 'A product builds on core and storage; the cross-cutting parts, the engine, hosts and app are above it.',
      from: { path: '^src/engine/products/' },
      to: { path: '^src/', pathNot: '^src/engine/(core|storage|products)/' },
    },
    {
      name: 'a-product-never-imports-another',
      severity: 'error',
      comment: 'Products are independent: products/<p> never imports products/<q> (the registry beside them may import both).',
      from: { path: '^src/engine/products/([^/]+)/' },
      to: { path: '^src/engine/products/', pathNot: ['^src/engine/products/$1/'] },
    },
    {
      name: 'cross-cutting-below-the-engine',
      severity: 'error',
      comment: 'The cross-cutting parts never import engine.ts, the hosts or the app.',
      from: { path: CROSS },
      to: { path: [TOP, '^src/(sw|hosts|app)/'] },
    },
    {
      name: 'engine-below-hosts',
      severity: 'error',
      comment: 'Nothing in the engine imports a host or the app.',
      from: { path: '^src/engine/' },
      to: { path: '^src/(sw|hosts|app)/' },
    },
    {
      name: 'app-through-for-app',
      severity: 'error',
      comment: 'The playground reaches the engine only through what it exports for it (src/engine/for-app.ts), and never a host.',
      from: { path: '^src/app/' },
      to: { path: ['^src/engine/', '^src/(sw|hosts)/'], pathNot: '^src/engine/for-app\\.ts$' },
    },
    {
      name: 'collections-stand-alone',
      severity: 'error',
      comment: 'src/collections is a client of the simulator over fetch, shared by the playground and the Node CLI: it imports nothing else of src/.',
      from: { path: '^src/collections/' },
      to: { path: '^src/', pathNot: '^src/collections/' },
    },
    {
      name: 'engine-knows-no-collections',
      severity: 'error',
      comment: 'The engine answers requests; it never imports the collections that send them. The small JSON path is shared: journal/verify matches request bodies with the same paths the checks use.',
      from: { path: '^src/engine/' },
      to: { path: '^src/collections/', pathNot: '^src/collections/json-path\\.ts$' },
    },
    {
      name: 'hosts-apart',
      severity: 'error',
      comment: 'The two hosts are thin adapters over the engine and never import each other or the app.',
      from: { path: '^src/(sw|hosts)/' },
      to: { path: '^src/app/|^src/(sw|hosts)/', pathNot: '^src/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/.*\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.svelte', '.json'] },
  },
};

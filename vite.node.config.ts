import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

/**
 * The package's Node build (issue 21 § 1): the erp-sim bin and the programmatic API as plain ES
 * modules in lib/, run by node without tsx. Bundled (a few files instead of ~240 modules: the bin
 * starts in a third of the time; the catalogs, imported on first use, are a chunk of their own); the
 * runtime dependencies and Node's own modules stay imports.
 * Entries keep their source paths, so a path taken relative to a module of src/hosts/node (a file of
 * the package) stays right. Declarations: tsc -p tsconfig.lib.json (npm run build:node runs both).
 */
export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'lib',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    rollupOptions: {
      input: {
        'hosts/node/cli': 'src/hosts/node/cli.ts',
        'hosts/node/api/index': 'src/hosts/node/api/index.ts',
        'hosts/node/api/vitest': 'src/hosts/node/api/vitest.ts',
        'hosts/node/api/vitest-setup': 'src/hosts/node/api/vitest-setup.ts',
      },
      // Vitest is the user's own (an optional peer dependency of the vitest entries).
      external: [...builtinModules, /^node:/, ...[...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)].map((d) => new RegExp(`^${d}(/|$)`))],
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'hosts/node/[name]-[hash].js' },
    },
  },
});

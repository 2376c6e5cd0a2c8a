import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import { compileCatalogues } from './build/vite/compile-catalogues';
import { contentSecurityPolicyMeta } from './build/vite/csp-meta';
import { chunkFileName, firstRowsChunks } from './build/vite/library-chunks';
import { shippedPackages } from './build/vite/shipped-packages';

/**
 * Builds the three Electron targets. The renderer build is also what the
 * browser-mode web host serves, so both modes run the same bundle.
 */
export default defineConfig({
  main: {
    plugins: [shippedPackages('main')],
    build: {
      rollupOptions: { input: { index: resolve('electron/main/index.ts') } },
    },
  },
  preload: {
    plugins: [shippedPackages('preload')],
    build: {
      // A sandboxed preload can require no file of its own: each entry is one whole
      // bundle, with no chunk shared between the two.
      isolatedEntries: true,
      rollupOptions: {
        input: {
          index: resolve('electron/preload/index.ts'),
          // The move page's, on the old file:// origin: only its one function.
          'move-data': resolve('electron/preload/move-data.ts'),
        },
        // A sandboxed preload cannot be an ES module; the main process loads the .cjs files.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src',
    plugins: [vue(), compileCatalogues(), contentSecurityPolicyMeta(), shippedPackages('renderer')],
    // The workers are bundles of their own, and ship too.
    worker: { plugins: () => [shippedPackages('renderer')] },
    define: {
      // Every component uses <script setup>: the Options API code is left out.
      __VUE_OPTIONS_API__: 'false',
    },
    build: {
      // Less to fetch, parse and compile before the list can draw its first rows.
      minify: true,
      rollupOptions: {
        input: { index: resolve('src/index.html') },
        output: { chunkFileNames: chunkFileName, advancedChunks: firstRowsChunks },
      },
    },
  },
});

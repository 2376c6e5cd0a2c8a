import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';

/**
 * Builds the three Electron targets. The renderer build is also what the
 * browser-mode web host serves, so both modes run the same bundle.
 */
export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve('electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        // A sandboxed preload cannot be an ES module; the main process loads index.cjs.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src',
    plugins: [vue()],
    // Every component uses <script setup>: the Options API code is left out.
    define: { __VUE_OPTIONS_API__: 'false' },
    build: {
      // Less to fetch, parse and compile before the list can draw its first rows.
      minify: true,
      rollupOptions: { input: { index: resolve('src/index.html') } },
    },
  },
});

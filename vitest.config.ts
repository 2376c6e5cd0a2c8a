import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';
import { compileCatalogues } from './build/vite/compile-catalogues';
import { replayHint, runSeed } from './tests/helpers/seed';

// Drawn once here (the workers inherit it through the environment) and said up front.
console.log(replayHint(runSeed()));

export default defineConfig({
  // The catalogues as the app gets them: compiled at build time.
  plugins: [vue(), compileCatalogues()],
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/unit/renderer/support/english.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two cores: keep the real-HTTP suites from starving each other.
    maxWorkers: 2,
    // A focused test left in would silently skip the rest.
    allowOnly: false,
  },
});

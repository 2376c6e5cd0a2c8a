import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  plugins: [vue()],
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/unit/renderer/support/english.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two cores: keep the real-HTTP suites from starving each other.
    maxWorkers: 2,
  },
});

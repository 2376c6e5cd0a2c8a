/**
 * The app loads its language's catalogue before it mounts (`src/main.ts`);
 * tests start in English the same way. Awaited here, before any test file is
 * imported, so `t` has its words even in a test file's top-level code.
 *
 * Only the renderer's tests run the app's code that speaks: the Node side's
 * (core, service, main, web host) never import `src/`, so they skip the
 * catalogue and the Vue and vue-i18n it brings.
 */
import { expect } from 'vitest';

const testPath = expect.getState().testPath ?? '';
if (testPath === '' || /[\\/]tests[\\/]unit[\\/]renderer[\\/]/.test(testPath)) {
  const { applyLanguage, withWords } = await import('../../../../src/i18n');
  await applyLanguage('en');
  for (const words of ['desk', 'history', 'shift', 'litter', 'closing'] as const) {
    // As a screen's module is loaded: its later words first.
    await withWords(words, () => Promise.resolve())();
  }
}

/**
 * The app loads its language's catalogue before it mounts (`src/main.ts`);
 * tests start in English the same way. Awaited here, before any test file is
 * imported, so `t` has its words even in a test file's top-level code.
 */
import { applyLanguage } from '../../../../src/i18n';

await applyLanguage('en');

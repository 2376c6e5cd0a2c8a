/**
 * The built renderer the end-to-end tests serve: `out/renderer`, or the folder
 * `KENNEL_RENDERER_DIR` names, so two builds (say, of two branches) can be
 * tested side by side without overwriting each other.
 */
export const RENDERER_DIR = process.env.KENNEL_RENDERER_DIR ?? 'out/renderer';

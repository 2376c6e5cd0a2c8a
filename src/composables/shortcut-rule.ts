/**
 * Which single keys are the app's shortcuts, with no DOM: `shortcuts.ts`
 * reads each key event into a {@link ShortcutKey} and asks here.
 */
/** What a key press asks the app to do, if anything. */
export type ShortcutAction = 'name' | 'search' | 'history' | 'help';

/** The parts of a key event and its target the decision needs; no DOM. */
export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Lower-case tag name of the focused element (`input`, `button`, …). */
  targetTag: string;
  targetEditable: boolean;
  /** The event was already handled (a dialog's own keys, a select's typeahead). */
  defaultPrevented: boolean;
}

const ACTIONS: Readonly<Record<string, ShortcutAction>> = {
  n: 'name',
  '/': 'search',
  h: 'history',
  '?': 'help',
};
const TYPING_TAGS = new Set(['input', 'textarea', 'select']);

/**
 * The one decision behind the shortcuts: single keys act only when nobody is
 * typing, so "n" in a name or "/" in a note is just a character, and any
 * Ctrl, Meta or Alt chord stays the browser's or the system's. Shift is allowed
 * because "?" needs it on most layouts.
 */
export function shortcutFor(press: ShortcutKey): ShortcutAction | null {
  if (press.defaultPrevented || press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.targetEditable || TYPING_TAGS.has(press.targetTag)) return null;
  return ACTIONS[press.key] ?? null;
}

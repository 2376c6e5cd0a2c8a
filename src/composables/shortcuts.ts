import { onBeforeUnmount, onMounted } from 'vue';

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

/** Reads a DOM key event into the shape {@link shortcutFor} decides on. */
export function shortcutKey(event: KeyboardEvent): ShortcutKey {
  const target = event.target instanceof HTMLElement ? event.target : null;
  return {
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    targetTag: target?.tagName.toLowerCase() ?? '',
    targetEditable: target?.isContentEditable ?? false,
    defaultPrevented: event.defaultPrevented,
  };
}

/**
 * Listens for the shortcuts on the whole document while the calling component
 * is mounted. The handler runs the action; the key's own character is dropped
 * so "n" does not land in the Name field it has just focused.
 */
export function useShortcuts(run: (action: ShortcutAction) => void): void {
  const onKey = (event: KeyboardEvent): void => {
    // Inside an open modal the background is inert: its shortcuts stay off.
    if (document.querySelector('dialog[open]') !== null) return;
    const action = shortcutFor(shortcutKey(event));
    if (action === null) return;
    event.preventDefault();
    run(action);
  };
  onMounted(() => document.addEventListener('keydown', onKey));
  onBeforeUnmount(() => document.removeEventListener('keydown', onKey));
}

import { onBeforeUnmount, onMounted } from 'vue';
import { shortcutFor, type ShortcutAction, type ShortcutKey } from './shortcut-rule';

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

import { describe, expect, it } from 'vitest';
import { shortcutFor, type ShortcutKey } from '../../../../src/composables/shortcut-rule';

const press = (key: string, over: Partial<ShortcutKey> = {}): ShortcutKey => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  targetTag: 'body',
  targetEditable: false,
  defaultPrevented: false,
  ...over,
});

describe('shortcutFor', () => {
  it('maps n, / and ? to their actions outside fields', () => {
    expect(shortcutFor(press('n'))).toBe('name');
    expect(shortcutFor(press('/'))).toBe('search');
    expect(shortcutFor(press('?'))).toBe('help');
    expect(shortcutFor(press('n', { targetTag: 'button' }))).toBe('name');
  });

  it('ignores other keys, including a capital N', () => {
    for (const key of ['N', 'a', 'Enter', 'Escape', 'Tab', ' ']) {
      expect(shortcutFor(press(key)), key).toBeNull();
    }
  });

  it('leaves typing alone in inputs, text areas, selects and editable content', () => {
    for (const targetTag of ['input', 'textarea', 'select']) {
      expect(shortcutFor(press('n', { targetTag })), targetTag).toBeNull();
      expect(shortcutFor(press('/', { targetTag })), targetTag).toBeNull();
      expect(shortcutFor(press('?', { targetTag })), targetTag).toBeNull();
    }
    expect(shortcutFor(press('n', { targetTag: 'div', targetEditable: true }))).toBeNull();
  });

  it('leaves Ctrl, Meta and Alt chords to the browser and the system', () => {
    expect(shortcutFor(press('n', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('n', { metaKey: true }))).toBeNull();
    expect(shortcutFor(press('/', { altKey: true }))).toBeNull();
  });

  it('does nothing for a key something else already handled', () => {
    expect(shortcutFor(press('?', { defaultPrevented: true }))).toBeNull();
  });

  it('opens the History with h, only outside fields and chords', () => {
    expect(shortcutFor(press('h'))).toBe('history');
    expect(shortcutFor(press('H'))).toBeNull();
    expect(shortcutFor(press('h', { targetTag: 'input' }))).toBeNull();
    expect(shortcutFor(press('h', { ctrlKey: true }))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_SCAN, scanStep, type ScanKey } from '../../../src/composables/scan-rule';

type ScanBuffer = Parameters<typeof scanStep>[0];

/** How long digits typed earlier are kept: a scan slower than this starts over. */
const SCAN_FORGET_MS = 1_500;

const press = (key: string, at: number, over: Partial<ScanKey> = {}): ScanKey => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  targetTag: 'body',
  targetType: '',
  targetEditable: false,
  dialogOpen: false,
  defaultPrevented: false,
  at,
  ...over,
});

/**
 * Feeds the keys one after another, `gap` ms apart from `start`, and returns
 * every ID the keys asked to open (in order) and the buffer left at the end.
 */
function feed(
  keys: (string | ScanKey)[],
  { gap = 120, start = 10_000, over = {} as Partial<ScanKey> } = {},
): { opened: string[]; buffer: ScanBuffer } {
  let buffer = EMPTY_SCAN;
  const opened: string[] = [];
  keys.forEach((key, index) => {
    const at = start + index * gap;
    const step = scanStep(buffer, typeof key === 'string' ? press(key, at, over) : key);
    buffer = step.buffer;
    if (step.open !== null) opened.push(step.open);
  });
  return { opened, buffer };
}

const digits = (id: string): string[] => [...id];

describe('scanStep', () => {
  it('opens the ID typed as digits then Enter with nothing focused', () => {
    expect(feed([...digits('1234'), 'Enter']).opened).toEqual(['1234']);
  });

  it('opens it over a focused button, link, list row or checkbox too', () => {
    for (const over of [
      { targetTag: 'button' },
      { targetTag: 'a' },
      { targetTag: 'div' },
      { targetTag: 'input', targetType: 'checkbox' },
    ]) {
      expect(feed([...digits('42'), 'Enter'], { over }).opened, JSON.stringify(over)).toEqual([
        '42',
      ]);
    }
  });

  it('does not depend on speed: keys a second apart still make a scan', () => {
    expect(feed([...digits('987'), 'Enter'], { gap: 1_000 }).opened).toEqual(['987']);
    expect(feed([...digits('987'), 'Enter'], { gap: 1 }).opened).toEqual(['987']);
  });

  it('opens one digit too: small IDs are IDs', () => {
    expect(feed(['7', 'Enter']).opened).toEqual(['7']);
  });

  it('keeps an ID above 2^53 exact, to the last digit', () => {
    const big = '9007199254740993';
    expect(feed([...digits(big), 'Enter']).opened).toEqual([big]);
    const top = '9223372036854775807';
    expect(feed([...digits(top), 'Enter']).opened).toEqual([top]);
  });

  it('reads a card printed with leading zeros as the same animal', () => {
    expect(feed([...digits('000123'), 'Enter']).opened).toEqual(['123']);
  });

  it('does nothing for a number that cannot be an ID', () => {
    expect(feed(['0', 'Enter']).opened).toEqual([]);
    expect(feed([...digits('9223372036854775808'), 'Enter']).opened).toEqual([]);
  });

  it('leaves typing alone in inputs, text areas, selects and editable content', () => {
    for (const over of [
      { targetTag: 'input', targetType: 'text' },
      { targetTag: 'input', targetType: 'search' },
      { targetTag: 'input', targetType: 'number' },
      { targetTag: 'textarea' },
      { targetTag: 'select' },
      { targetTag: 'div', targetEditable: true },
    ]) {
      const { opened, buffer } = feed([...digits('1234'), 'Enter'], { over });
      expect(opened, JSON.stringify(over)).toEqual([]);
      expect(buffer.digits, JSON.stringify(over)).toBe('');
    }
  });

  it('does not carry digits typed in a field to an Enter outside it', () => {
    const inField = { targetTag: 'input', targetType: 'text' };
    const keys = [...digits('55').map((d, i) => press(d, 10_000 + i * 100, inField))];
    expect(feed([...keys, press('Enter', 10_300)]).opened).toEqual([]);
  });

  it('stays off while a dialog is open', () => {
    expect(feed([...digits('1234'), 'Enter'], { over: { dialogOpen: true } }).opened).toEqual([]);
  });

  it('starts over after a Ctrl, Alt or Meta chord', () => {
    for (const chord of ['ctrlKey', 'altKey', 'metaKey'] as const) {
      const keys = [
        press('1', 10_000),
        press('2', 10_100, { [chord]: true }),
        press('3', 10_200),
        press('Enter', 10_300),
      ];
      expect(feed(keys).opened, chord).toEqual(['3']);
    }
    // A chord on the Enter itself opens nothing.
    expect(
      feed([press('1', 10_000), press('2', 10_100), press('Enter', 10_200, { ctrlKey: true })])
        .opened,
    ).toEqual([]);
  });

  it('starts over after any other key in between', () => {
    for (const other of ['a', 'Tab', 'ArrowDown', 'Shift', ' ', 'Backspace', '-']) {
      expect(feed(['1', '2', other, '3', 'Enter']).opened, other).toEqual(['3']);
      expect(feed(['1', '2', other, 'Enter']).opened, other).toEqual([]);
    }
  });

  it('does nothing for Enter with nothing gathered', () => {
    expect(feed(['Enter']).opened).toEqual([]);
    expect(feed(['Enter', 'Enter']).opened).toEqual([]);
  });

  it('opens each of two scans in a row once', () => {
    expect(feed([...digits('12'), 'Enter', ...digits('34'), 'Enter', 'Enter']).opened).toEqual([
      '12',
      '34',
    ]);
  });

  it('forgets digits after a pause longer than the reset', () => {
    const stale = [press('9', 10_000), press('1', 10_000 + SCAN_FORGET_MS + 1)];
    expect(feed([...stale, press('Enter', 10_000 + SCAN_FORGET_MS + 50)]).opened).toEqual(['1']);
    expect(feed([press('9', 10_000), press('Enter', 10_000 + SCAN_FORGET_MS + 1)]).opened).toEqual(
      [],
    );
    // Right at the reset the digits still count.
    expect(feed([press('9', 10_000), press('Enter', 10_000 + SCAN_FORGET_MS)]).opened).toEqual([
      '9',
    ]);
  });

  it('leaves a key something else already handled alone', () => {
    const keys = [press('1', 10_000), press('Enter', 10_100, { defaultPrevented: true })];
    expect(feed(keys).opened).toEqual([]);
  });
});

describe('scanStep with a microchip', () => {
  it('hands over the digits exactly as scanned, leading zeros and all', () => {
    let buffer = EMPTY_SCAN;
    let typed = '';
    let open: string | null = null;
    [...digits('040098100123456'), 'Enter'].forEach((key, i) => {
      const step = scanStep(buffer, press(key, 10_000 + i * 5));
      buffer = step.buffer;
      if (step.open !== null) ({ open, typed } = step);
    });
    expect(typed).toBe('040098100123456');
    expect(open).toBe('40098100123456');
  });

  it('hands over nothing for a number no animal can have', () => {
    const step = [...digits('00000'), 'Enter'].reduce(
      (last, key, i) => scanStep(last.buffer, press(key, 10_000 + i * 5)),
      { buffer: EMPTY_SCAN, open: null, typed: '' } as ReturnType<typeof scanStep>,
    );
    expect(step).toEqual({ buffer: EMPTY_SCAN, open: null, typed: '' });
  });
});

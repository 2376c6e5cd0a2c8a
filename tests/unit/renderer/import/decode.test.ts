import { describe, expect, it } from 'vitest';
import { decodeFile as decodeCodes, sizeProblem as sizeCode } from '../../../../src/import/decode';
import { readProblemText } from '../../../../src/import/problem-text';
import { worded } from './worded';
import { latin1, utf16, utf8 } from './bytes';

// The specification: an import file is read up to 10 MiB.
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const SAVE_AS_CSV =
  'In your spreadsheet, choose Save As, pick \u201cCSV UTF-8\u201d, and import that file.';
const ENCODING = `Kennel cannot read the letters in this file: it was saved in an encoding Kennel does not know. ${SAVE_AS_CSV}`;
const WORKBOOK = `This is a spreadsheet workbook (such as an .xlsx file), which Kennel cannot read directly. ${SAVE_AS_CSV}`;
const NOT_TEXT = `This file does not hold text, so it is not a spreadsheet saved as CSV. ${SAVE_AS_CSV}`;

const decodeFile = (bytes: Uint8Array) => worded(decodeCodes(bytes));
const sizeProblem = (size: number): string | null => {
  const problem = sizeCode(size);
  return problem === null ? null : readProblemText(problem);
};

const CSV = 'Name,Category,Status\r\nZoë,Dog,available\r\nBjørn,Cat,\r\n';

describe('decodeFile reads', () => {
  it('UTF-8 without a byte-order mark, letters and line endings as written', () => {
    expect(decodeFile(utf8(CSV))).toEqual({ ok: true, text: CSV });
  });

  it('UTF-8 with the mark Excel adds, leaving the mark out of the text', () => {
    const decoded = decodeFile(utf8(CSV, true));
    expect(decoded).toEqual({ ok: true, text: CSV });
    if (decoded.ok) expect(decoded.text.charCodeAt(0)).toBe('N'.charCodeAt(0));
  });

  it('UTF-16 little-endian with its mark', () => {
    expect(decodeFile(utf16(CSV, true))).toEqual({ ok: true, text: CSV });
  });

  it('UTF-16 big-endian with its mark', () => {
    expect(decodeFile(utf16(CSV, false))).toEqual({ ok: true, text: CSV });
  });

  it('UTF-16 letters outside Latin-1 and tab-separated cells', () => {
    const text = 'Name\tCategory\n小白\t2\nŁucja\t3\n';
    expect(decodeFile(utf16(text, true))).toEqual({ ok: true, text });
  });

  it('a few control characters in a long text (under one in a hundred)', () => {
    const text = `${'Bella,Dog\n'.repeat(20)}Esc\u001b,Cat\n`;
    expect(decodeFile(utf8(text))).toEqual({ ok: true, text });
  });

  it('tabs, form feeds and both line endings as text, however many', () => {
    const text = 'a\tb\f\r\n'.repeat(50);
    expect(decodeFile(utf8(text))).toEqual({ ok: true, text });
  });

  it('a file of exactly the largest size', () => {
    const bytes = new Uint8Array(IMPORT_MAX_BYTES).fill('a'.charCodeAt(0));
    const decoded = decodeFile(bytes);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expect(decoded.text.length).toBe(IMPORT_MAX_BYTES);
  });
});

describe('decodeFile refuses', () => {
  it('a Latin-1 file with "Zoë" (0xEB), with the encoding message', () => {
    const bytes = latin1('Name,Category\r\nZoë,Dog\r\n');
    expect(bytes.includes(0xeb)).toBe(true);
    expect(decodeFile(bytes)).toEqual({ ok: false, problem: ENCODING });
  });

  it('Latin-1 behind a UTF-8 mark too: the mark does not make the letters UTF-8', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...latin1('Zoë,Dog\n')]);
    expect(decodeFile(bytes)).toEqual({ ok: false, problem: ENCODING });
  });

  it('a UTF-16 file cut in the middle of a letter', () => {
    const bytes = utf16('Bella,Dog\n', true);
    expect(decodeFile(bytes.subarray(0, bytes.length - 1))).toEqual({
      ok: false,
      problem: ENCODING,
    });
  });

  it('an xlsx-like file (PK\\x03\\x04), as a workbook', () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...utf8('[Content_Types].xml')]);
    expect(decodeFile(bytes)).toEqual({ ok: false, problem: WORKBOOK });
  });

  it('an old binary Office file, as a workbook', () => {
    const bytes = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x41, 0x42]);
    expect(decodeFile(bytes)).toEqual({ ok: false, problem: WORKBOOK });
  });

  it('text that merely starts with "PK" as text, not as a workbook', () => {
    const text = 'PK,Dog\nRex,Cat\n';
    expect(decodeFile(utf8(text))).toEqual({ ok: true, text });
  });

  it('a file holding a NUL byte', () => {
    const bytes = new Uint8Array([...utf8('Bella,Dog\n'), 0, ...utf8('Rex,Cat\n')]);
    expect(decodeFile(bytes)).toEqual({ ok: false, problem: NOT_TEXT });
  });

  it('UTF-16 without its mark (every other byte NUL)', () => {
    const marked = utf16('Bella,Dog\n', true);
    expect(decodeFile(marked.subarray(2))).toEqual({ ok: false, problem: NOT_TEXT });
  });

  it('a file with more than one control character in a hundred', () => {
    const bytes = new Uint8Array(100).fill('a'.charCodeAt(0));
    bytes[10] = 0x01;
    bytes[20] = 0x02;
    expect(decodeFile(bytes)).toEqual({ ok: false, problem: NOT_TEXT });
    // One in a hundred is still text.
    bytes[20] = 'a'.charCodeAt(0);
    expect(decodeFile(bytes).ok).toBe(true);
  });

  it('UTF-16 text that decodes to a NUL', () => {
    const bytes = utf16('Bella\u0000Dog', true);
    expect(decodeFile(bytes)).toEqual({
      ok: false,
      problem: `This file does not hold text, so it is not a spreadsheet saved as CSV. ${SAVE_AS_CSV}`,
    });
  });

  it('an empty file', () => {
    expect(decodeFile(new Uint8Array(0))).toEqual({
      ok: false,
      problem: 'This file is empty: it has no rows.',
    });
  });

  it('a file over the largest size, before looking at what it holds', () => {
    // All NULs: the size is what is said, not "not text".
    expect(decodeFile(new Uint8Array(IMPORT_MAX_BYTES + 1))).toEqual({
      ok: false,
      problem: sizeProblem(IMPORT_MAX_BYTES + 1),
    });
  });
});

describe('sizeProblem', () => {
  it('accepts up to 10 MB', () => {
    expect(sizeProblem(0)).toBeNull();
    expect(sizeProblem(IMPORT_MAX_BYTES)).toBeNull();
  });

  it('says the limit and what to do, the same for any size over it', () => {
    const TOO_LARGE =
      'This file is larger than 10 MB, the most Kennel imports at once. Split it into smaller files and import them one after another.';
    expect(sizeProblem(IMPORT_MAX_BYTES + 1)).toBe(TOO_LARGE);
    expect(sizeProblem(Math.round(12.5 * 1024 * 1024))).toBe(TOO_LARGE);
    // No exact size: a 2 GB file is told the same.
    expect(sizeProblem(2 * 1024 * 1024 * 1024)).toBe(TOO_LARGE);
  });
});

import { describe, expect, it } from 'vitest';
import { CATEGORY_FILE_MAX_BYTES, categoryFileText } from '../../../../src/categories/file-text';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[2 + i * 2] = code & 0xff;
    bytes[3 + i * 2] = code >> 8;
  }
  return bytes;
}

describe('categoryFileText', () => {
  it('reads UTF-8 with or without the byte-order mark, and marked UTF-16', () => {
    expect(categoryFileText(utf8('2,Chèvre\n'))).toEqual({ ok: true, text: '2,Chèvre\n' });
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('2,Dog')]);
    expect(categoryFileText(marked)).toEqual({ ok: true, text: '2,Dog' });
    expect(categoryFileText(utf16le('2\tChèvre'))).toEqual({ ok: true, text: '2\tChèvre' });
  });

  it('refuses an empty file, a workbook, a binary file and text in another encoding', () => {
    const problem = (bytes: Uint8Array): string => {
      const read = categoryFileText(bytes);
      if (read.ok) throw new Error('expected a refusal');
      return read.problem;
    };
    expect(problem(new Uint8Array())).toBe('This file is empty.');
    expect(problem(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toMatch(
      /^This is a spreadsheet workbook .*CSV UTF-8/,
    );
    expect(problem(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toMatch(
      /^This file is not text\./,
    );
    // "Chèvre" in Windows-1252: è is one byte that is not UTF-8.
    expect(problem(new Uint8Array([0x43, 0x68, 0xe8, 0x76, 0x72, 0x65]))).toMatch(
      /^Kennel cannot read the letters in this file/,
    );
    expect(problem(new Uint8Array(CATEGORY_FILE_MAX_BYTES + 1).fill(0x41))).toMatch(
      /too big to be a category list/,
    );
  });
});

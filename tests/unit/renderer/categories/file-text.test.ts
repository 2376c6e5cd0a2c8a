import { describe, expect, it } from 'vitest';
import { categoryFileText } from '../../../../src/categories/file-text';

// The specification: a category file is read up to 1 MiB.
const CATEGORY_FILE_MAX_BYTES = 1024 * 1024;

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

/** A chosen file of `bytes` (copied into a plain ArrayBuffer, as a file read from disk is). */
const file = (bytes: Uint8Array): Blob => new Blob([new Uint8Array(bytes)]);

/** A file that counts every attempt to read it, and refuses each one. */
class CountedFile extends Blob {
  reads = 0;

  override arrayBuffer(): Promise<ArrayBuffer> {
    this.reads++;
    return Promise.reject(new Error('read'));
  }

  override text(): Promise<string> {
    this.reads++;
    return Promise.reject(new Error('read'));
  }

  override stream(): never {
    this.reads++;
    throw new Error('read');
  }

  override slice(): never {
    this.reads++;
    throw new Error('read');
  }
}

async function problem(blob: Blob): Promise<string> {
  const read = await categoryFileText(blob);
  if (read.ok) throw new Error('expected a refusal');
  return read.problem;
}

describe('categoryFileText', () => {
  it('reads UTF-8 with or without the byte-order mark, and marked UTF-16', async () => {
    expect(await categoryFileText(file(utf8('2,Chèvre\n')))).toEqual({
      ok: true,
      text: '2,Chèvre\n',
    });
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('2,Dog')]);
    expect(await categoryFileText(file(marked))).toEqual({ ok: true, text: '2,Dog' });
    expect(await categoryFileText(file(utf16le('2\tChèvre')))).toEqual({
      ok: true,
      text: '2\tChèvre',
    });
  });

  it('refuses an empty file, a workbook, a binary file and text in another encoding', async () => {
    expect(await problem(file(new Uint8Array()))).toBe('This file is empty.');
    expect(await problem(file(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2])))).toMatch(
      /^This is a spreadsheet workbook .*CSV UTF-8/,
    );
    expect(
      await problem(file(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))),
    ).toMatch(/^This file is not text\./);
    // "Chèvre" in Windows-1252: è is one byte that is not UTF-8.
    expect(await problem(file(new Uint8Array([0x43, 0x68, 0xe8, 0x76, 0x72, 0x65])))).toMatch(
      /^Kennel cannot read the letters in this file/,
    );
  });

  it('refuses a file over the limit by its size, without reading a byte of it', async () => {
    const huge = new CountedFile([new Uint8Array(CATEGORY_FILE_MAX_BYTES + 1).fill(0x41)]);
    expect(await problem(huge)).toMatch(/too big to be a category list/);
    expect(huge.reads).toBe(0);
  });

  it('reads a file of exactly the limit', async () => {
    const full = new Uint8Array(CATEGORY_FILE_MAX_BYTES).fill(0x41);
    expect((await categoryFileText(file(full))).ok).toBe(true);
  });
});

/**
 * Bytes of text in the encodings spreadsheets save CSV in, built by hand so
 * the tests say exactly which bytes a file holds (no Node `Buffer`: these
 * files are type-checked as browser code).
 */

/** UTF-8, optionally with the byte-order mark Excel's "CSV UTF-8" writes. */
export function utf8(text: string, bom = false): Uint8Array {
  const body = new TextEncoder().encode(text);
  if (!bom) return body;
  const bytes = new Uint8Array(body.length + 3);
  bytes.set([0xef, 0xbb, 0xbf]);
  bytes.set(body, 3);
  return bytes;
}

/** UTF-16 with its byte-order mark, as "Unicode text" is saved. */
export function utf16(text: string, littleEndian: boolean): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0xfeff, littleEndian);
  for (let i = 0; i < text.length; i++) {
    view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
  }
  return bytes;
}

/** Latin-1 (ISO 8859-1 / Windows-1252 for these letters): one byte per character. */
export function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (code > 0xff) throw new Error(`${char} is not in Latin-1`);
    return code;
  });
}

/** `bytes` as a fresh ArrayBuffer of exactly their length. */
export function bufferOf(bytes: Uint8Array): ArrayBuffer {
  const buffer = new ArrayBuffer(bytes.length);
  new Uint8Array(buffer).set(bytes);
  return buffer;
}

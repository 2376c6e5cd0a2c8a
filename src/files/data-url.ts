/**
 * Photos are kept as `data:` URLs (`StoredPhoto`) and handled as bytes and
 * Blobs (the picker, the shrinking, the desk file): the ways across. Done by
 * hand rather than by `fetch(dataUrl)`, which the app's content security
 * policy does not allow. A desk file moves a thousand photos through here, so
 * the platform's own base64 (`Uint8Array.fromBase64`, `toBase64`) is used
 * where it exists: it makes no intermediate string for every photo, which
 * would leave some 100 MB of garbage behind. Node 20, which runs the unit
 * tests, lacks it: there the bytes go through a binary string.
 */

interface Base64Bytes {
  toBase64?: () => string;
}
type Base64Decoder = ((text: string) => Uint8Array<ArrayBuffer>) | undefined;

/** Bytes turned to text per step: `String.fromCharCode` takes its arguments on the stack. */
const STEP = 0x8000;

function toBase64(bytes: Uint8Array<ArrayBuffer>): string {
  const native = (bytes as Base64Bytes).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  let binary = '';
  for (let i = 0; i < bytes.length; i += STEP) {
    binary += String.fromCharCode(...bytes.subarray(i, i + STEP));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const native = (Uint8Array as { fromBase64?: Base64Decoder }).fromBase64;
  if (typeof native === 'function') return native(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Reads `blob` as a `data:` URL (of its type; JPEG when it has none). */
export async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return `data:${blob.type || 'image/jpeg'};base64,${toBase64(bytes)}`;
}

/** The type and bytes of a base64 `data:` URL; null when it is not one. */
export function bytesOf(dataUrl: string): { type: string; bytes: Uint8Array<ArrayBuffer> } | null {
  const comma = dataUrl.indexOf(',');
  const match = /^data:([^;,]+);base64$/.exec(dataUrl.slice(0, comma));
  if (comma < 0 || match === null) return null;
  try {
    return { type: match[1] ?? '', bytes: fromBase64(dataUrl.slice(comma + 1)) };
  } catch {
    return null;
  }
}

/** The bytes of a base64 `data:` URL as a Blob of its type; null when it is not one. */
export function blobOf(dataUrl: string): Blob | null {
  const read = bytesOf(dataUrl);
  return read === null ? null : new Blob([read.bytes], { type: read.type });
}

/**
 * Photos are kept as `data:` URLs (`StoredPhoto`) and handled as bytes and
 * Blobs (the picker, the shrinking, the desk file): the ways across. Done by
 * hand rather than by `fetch(dataUrl)`, which the app's content security
 * policy does not allow. A desk file moves a thousand photos through here, so
 * the platform's own ways (`FileReader`, `Uint8Array.fromBase64`, `toBase64`)
 * are used where they exist: they make no intermediate string for every
 * photo, which would leave some 100 MB of garbage behind. Node 20, which runs
 * the unit tests, lacks them: there the bytes go through a binary string.
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

/**
 * Reads `blob` as a `data:` URL (of its type; JPEG when it has none). In a
 * window the browser's reader makes the text in one piece; built here from
 * base64 and a prefix, the text would be made twice over (once as it is
 * built, once flattened when IndexedDB stores it): twice the garbage.
 */
export async function dataUrlOf(blob: Blob): Promise<string> {
  const typed = blob.type === '' ? blob.slice(0, blob.size, 'image/jpeg') : blob;
  if (typeof FileReader === 'function') return readAsDataUrl(typed);
  const bytes = new Uint8Array(await typed.arrayBuffer());
  return `data:${typed.type};base64,${toBase64(bytes)}`;
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsDataURL(blob);
  });
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

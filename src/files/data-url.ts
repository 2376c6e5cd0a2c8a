/**
 * Photos are kept as `data:` URLs (`StoredPhoto`) and handled as Blobs (the
 * picker, the shrinking): the two ways across. Done by hand rather than by
 * `fetch(dataUrl)`, which the app's content security policy does not allow.
 */

/** Bytes turned to text per step: `String.fromCharCode` takes its arguments on the stack. */
const STEP = 0x8000;

/** Reads `blob` as a `data:` URL (of its type; JPEG when it has none). */
export async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += STEP) {
    binary += String.fromCharCode(...bytes.subarray(i, i + STEP));
  }
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`;
}

/** The bytes of a base64 `data:` URL as a Blob of its type; null when it is not one. */
export function blobOf(dataUrl: string): Blob | null {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(dataUrl);
  if (match === null) return null;
  try {
    const binary = atob(match[2] ?? '');
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new Blob([bytes], { type: match[1] ?? '' });
  } catch {
    return null;
  }
}

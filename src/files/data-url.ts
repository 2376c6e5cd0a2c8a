/**
 * Photos are kept as `data:` URLs (`StoredPhoto`) and handled as Blobs (the
 * picker, the shrinking): the two ways across. Done by hand rather than by
 * `fetch(dataUrl)`, which the app's content security policy does not allow.
 */

/** Reads `blob` as a `data:` URL. */
export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsDataURL(blob);
  });
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

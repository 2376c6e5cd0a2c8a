/**
 * The desk file's checksum: its last entry lists every other entry with its
 * size and SHA-256, so a file changed on the way (a bad USB stick, a partial
 * sync, a hand edit) is refused instead of taken half right.
 */

export interface ManifestEntry {
  path: string;
  /** Unpacked size. */
  bytes: number;
  /** SHA-256 of the unpacked bytes, lower-case hex. */
  sha256: string;
}

export interface Manifest {
  entries: ManifestEntry[];
}

/** SHA-256 of `bytes` as lower-case hex; the platform's, so it runs off the window's thread. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const SHA256 = /^[0-9a-f]{64}$/;

function isManifestEntry(value: unknown): value is ManifestEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.path === 'string' &&
    typeof entry.bytes === 'number' &&
    Number.isSafeInteger(entry.bytes) &&
    entry.bytes >= 0 &&
    typeof entry.sha256 === 'string' &&
    SHA256.test(entry.sha256)
  );
}

export function isManifest(value: unknown): value is Manifest {
  if (typeof value !== 'object' || value === null) return false;
  const { entries } = value as Record<string, unknown>;
  return Array.isArray(entries) && entries.every(isManifestEntry);
}

/** Whether `read` (the entries as read, in order) is exactly what `manifest` lists. */
export function matchesManifest(manifest: Manifest, read: readonly ManifestEntry[]): boolean {
  return (
    manifest.entries.length === read.length &&
    manifest.entries.every(
      (listed, i) =>
        listed.path === read[i]?.path &&
        listed.bytes === read[i]?.bytes &&
        listed.sha256 === read[i]?.sha256,
    )
  );
}

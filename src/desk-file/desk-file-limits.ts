/**
 * How large a desk file and its parts may be before reading refuses it. The
 * file comes from outside (another desk, a USB stick, a mail), so every size
 * is checked before it can fill the window's memory.
 */
import { DESK_COPY_MAX_BYTES } from '../../electron/contract/desk-copies';

export interface DeskFileLimits {
  /** The whole file, checked before a byte is read. */
  fileBytes: number;
  /** One JSON entry as it unpacks (one profile's `contents.json`, the manifest). */
  contentsBytes: number;
  /** One photo as it unpacks. */
  photoBytes: number;
  /** How many entries the archive may hold. */
  entries: number;
}

const MIB = 1024 * 1024;

export const DESK_FILE_LIMITS: DeskFileLimits = {
  // The desktop app keeps automatic copies up to the same size: one limit for both.
  fileBytes: DESK_COPY_MAX_BYTES,
  contentsBytes: 256 * MIB,
  // Kept photos are about 110 KB (src/records/photo/photo-limits.ts): 4 MiB leaves room, not a bomb.
  photoBytes: 4 * MIB,
  entries: 200_000,
};

/** The header is a few hundred bytes and is parsed the moment it is whole, before its entry is hashed. */
export const HEADER_MAX_BYTES = 64 * 1024;

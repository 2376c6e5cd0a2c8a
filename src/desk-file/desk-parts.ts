/**
 * What reading has taken out of a desk file so far, and, once the manifest
 * has vouched for every byte, the file's contents put together: each profile
 * with its photos matched to their facts. A part whose JSON is unreadable or
 * of the wrong shape is only judged here, after the checksum: a file changed
 * on the way is refused as changed, one that Kennel did not write as damaged.
 */
import type { ProfileName } from '../../electron/contract/profiles';
import type { DeskFileContents, PhotoRead, ProfileContents } from '../data/desk-contents';
import { isDeskFileHeader, isProfileContents, withHistory } from './desk-file-shape';

/** Stands for JSON that could not be read. */
const UNREADABLE = Symbol('unreadable');

/** The JSON in `bytes`, or {@link UNREADABLE}. */
export function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return UNREADABLE;
  }
}

interface ProfileParts {
  contents: unknown;
  /** Each photo's parts, in entry order. */
  photos: Blob[][];
}

export class DeskParts {
  header: unknown = UNREADABLE;
  /** In file order: the order the profiles are handed back in. */
  private readonly profiles = new Map<ProfileName, ProfileParts>();

  addPhotoPart(profile: ProfileName, photo: number, bytes: Uint8Array<ArrayBuffer>): void {
    const photos = this.partsOf(profile).photos;
    // Entry order guarantees photo numbers come 0, 1, 2… with their parts together.
    (photos[photo] ??= []).push(new Blob([bytes], { type: 'image/jpeg' }));
  }

  addContents(profile: ProfileName, contents: unknown): void {
    this.partsOf(profile).contents = contents;
  }

  /** The file's contents, or null when a part is not what Kennel writes. */
  assemble(): DeskFileContents | null {
    if (!isDeskFileHeader(this.header)) return null;
    const profiles: DeskFileContents['profiles'] = [];
    for (const [profile, parts] of this.profiles) {
      if (!isProfileContents(parts.contents) || parts.contents.profile !== profile) return null;
      const contents = withHistory(parts.contents);
      const photos = matchPhotos(contents, parts.photos);
      if (photos === null) return null;
      profiles.push({ contents, photos });
    }
    return { header: this.header, profiles };
  }

  private partsOf(profile: ProfileName): ProfileParts {
    let parts = this.profiles.get(profile);
    if (parts === undefined) {
      parts = { contents: UNREADABLE, photos: [] };
      this.profiles.set(profile, parts);
    }
    return parts;
  }
}

/** Photo n's bytes under `contents.photos[n]`'s key; null unless each fact has one photo and each photo a fact. */
function matchPhotos(contents: ProfileContents, photos: Blob[][]): Map<string, PhotoRead> | null {
  if (contents.photos.length !== photos.length) return null;
  const matched = new Map<string, PhotoRead>();
  for (const [n, { key, width, height }] of contents.photos.entries()) {
    const parts = photos[n];
    if (parts === undefined || matched.has(key)) return null;
    // One part is the photo already: a Blob made again for each of a thousand photos holds the window up.
    const jpeg = parts.length === 1 ? parts[0] : new Blob(parts, { type: 'image/jpeg' });
    if (jpeg === undefined) return null;
    matched.set(key, { key, width, height, jpeg });
  }
  return matched;
}

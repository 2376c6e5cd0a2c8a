/**
 * The entries of a desk file, in the order they are written and must be read:
 *
 *   kennel-desk.json                          the header: who saved it, the format
 *   profiles/<profile>/photos/<n>.jpg         a profile's photos, n = 0, 1, 2…
 *   profiles/<profile>/photos/<n>.jpg.<k>     the rest of photo n, when it had to be cut (zip-signatures.ts)
 *   profiles/<profile>/contents.json          the profile, `photos[n]` being photo n's facts
 *   …                                         the next profile
 *   kennel-manifest.json                      every other entry's size and SHA-256
 *
 * Photos come before their profile's contents so that a photo the desk holds
 * but the snapshot did not list can still be listed in `photos`.
 */
import { isProfileName, type ProfileName } from '../../electron/contract/profiles';

export const HEADER_ENTRY = 'kennel-desk.json';
export const MANIFEST_ENTRY = 'kennel-manifest.json';

export function contentsEntry(profile: ProfileName): string {
  return `profiles/${profile}/contents.json`;
}

export function photoEntry(profile: ProfileName, photo: number, part: number): string {
  return `profiles/${profile}/photos/${photo}.jpg${part === 0 ? '' : `.${part}`}`;
}

/** An entry's name, understood. */
export type DeskEntry =
  | { kind: 'header' }
  | { kind: 'manifest' }
  | { kind: 'contents'; profile: ProfileName }
  | { kind: 'photo'; profile: ProfileName; photo: number; part: number };

const CONTENTS = /^profiles\/([^/]+)\/contents\.json$/;
// Numbers without leading zeros, so each entry has one name only.
const PHOTO = /^profiles\/([^/]+)\/photos\/(0|[1-9]\d{0,8})\.jpg(?:\.([1-9]\d{0,8}))?$/;

/** What the entry named `name` is, or null for a name Kennel never writes. */
export function parseEntryName(name: string): DeskEntry | null {
  if (name === HEADER_ENTRY) return { kind: 'header' };
  if (name === MANIFEST_ENTRY) return { kind: 'manifest' };
  const contents = CONTENTS.exec(name);
  if (contents !== null) {
    const profile = contents[1];
    return isProfileName(profile) ? { kind: 'contents', profile } : null;
  }
  const photo = PHOTO.exec(name);
  if (photo === null || !isProfileName(photo[1])) return null;
  return { kind: 'photo', profile: photo[1], photo: Number(photo[2]), part: Number(photo[3] ?? 0) };
}

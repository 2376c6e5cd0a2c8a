/**
 * The order a desk file's entries must come in (`desk-file-layout.ts`),
 * checked one name at a time as the stream meets them: the header first, each
 * profile once, its photos numbered from 0 and the parts of a photo together,
 * then its contents, and the manifest last.
 */
import type { ProfileName } from '../../electron/contract/profiles';
import { parseEntryName, type DeskEntry } from './desk-file-layout';

export class EntryOrder {
  private started = false;
  private ended = false;
  /** The profile whose photos are being read; its contents close it. */
  private open: ProfileName | null = null;
  private readonly closed = new Set<ProfileName>();
  private nextPhoto = 0;
  private lastPart = 0;

  /** The entry `name` is, when it may come now; null when it may not. */
  accept(name: string): DeskEntry | null {
    const entry = parseEntryName(name);
    if (entry === null || this.ended) return null;
    if (!this.started) {
      this.started = true;
      return entry.kind === 'header' ? entry : null;
    }
    switch (entry.kind) {
      case 'header':
        return null;
      case 'manifest':
        this.ended = true;
        return this.open === null ? entry : null;
      case 'contents':
        if (!this.enter(entry.profile)) return null;
        this.closed.add(entry.profile);
        this.open = null;
        return entry;
      case 'photo':
        return this.photo(entry.profile, entry.photo, entry.part) ? entry : null;
    }
  }

  /** Whether `profile` may be read now: the open one, or one not read yet when none is open. */
  private enter(profile: ProfileName): boolean {
    if (this.open === null) {
      if (this.closed.has(profile)) return false;
      this.open = profile;
      this.nextPhoto = 0;
    }
    return this.open === profile;
  }

  private photo(profile: ProfileName, photo: number, part: number): boolean {
    if (part > 0) {
      const continues = this.open === profile && photo === this.nextPhoto - 1;
      if (!continues || part !== this.lastPart + 1) return false;
      this.lastPart = part;
      return true;
    }
    if (!this.enter(profile) || photo !== this.nextPhoto) return false;
    this.nextPhoto += 1;
    this.lastPart = 0;
    return true;
  }
}

/**
 * A desk as saving hands it over, for the codec's tests: a header, profiles
 * with something in every list, and photos of seeded random bytes.
 */
import type { ProfileName } from '../../../../electron/contract/profiles';
import {
  DESK_FILE_FORMAT,
  type DeskFileHeader,
  type PhotoFacts,
  type PhotoToSave,
  type ProfileContents,
  type ProfileToSave,
} from '../../../../src/data/desk-contents';

export const HEADER: DeskFileHeader = {
  format: DESK_FILE_FORMAT,
  kennelVersion: '0.1.0',
  savedAt: Date.UTC(2026, 10, 28, 14, 30),
  deskId: 'desk-7f3a',
  deskLabel: 'Front desk — Mostrador',
  fileId: 'file-19c2',
};

/** One profile's contents with a record, categories, a known animal and a queued one. */
export function contentsOf(profile: ProfileName, photos: PhotoFacts[] = []): ProfileContents {
  const pending = {
    key: `local:${profile}-1`,
    id: null,
    name: 'Canela',
    categoryId: '3',
    status: 'available',
    pending: 1 as const,
    outboxId: `out-${profile}-1`,
    order: '0001',
    updatedAt: 1_700_000_000_500,
    firstSeenAt: 1_700_000_000_500,
    typedAt: 1_700_000_000_500,
  };
  return {
    profile,
    serviceUrl: `https://${profile}.shelter.example/v1`,
    settings: { holdSeconds: 20, strayHoldDays: 3 },
    categories: [
      { id: '3', name: 'Dogs' },
      { id: '9007199254740993', name: 'Gatos' },
    ],
    records: [
      {
        key: '41',
        chip: '985112345678901',
        breed: 'Beagle',
        notes: 'Ñandú\u0003 "quoted"',
        updatedAt: 1_700_000_000_000,
        hasPhoto: 1,
      },
      { key: pending.key, sex: 'female', intakeType: 'stray', updatedAt: 1_700_000_000_600 },
    ],
    photos,
    animals: [
      {
        key: '41',
        id: '41',
        name: 'Rex',
        categoryId: '3',
        status: 'available',
        pending: 0,
        outboxId: null,
        order: '9999',
        updatedAt: 1_700_000_000_000,
        firstSeenAt: 1_699_000_000_000,
        sentAt: 1_699_000_100_000,
        cardDue: 1,
      },
    ],
    queue: [
      {
        id: pending.outboxId,
        seq: 1,
        profile,
        payload: { name: 'Canela', categoryId: '3', status: 'available' },
        idempotencyKey: `idem-${profile}-1`,
        localKey: pending.key,
        state: 'queued',
        attempts: 0,
        lastError: null,
        createdAt: 1_700_000_000_500,
        nextAttemptAt: 0,
      },
    ],
    history: [
      {
        key: `history-${profile}-1`,
        at: 1_700_000_000_500,
        kind: 'typed',
        petKey: pending.key,
        name: 'Canela',
        desk: 'Front desk',
        initials: 'ÑB',
      },
      {
        key: `history-${profile}-2`,
        at: 1_700_000_000_900,
        kind: 'imported',
        count: 12,
        batch: 'traslado.csv',
        desk: 'Front desk',
      },
    ],
  };
}

/** JPEG-looking bytes: the start and end markers around seeded random bytes. */
export function jpegBytes(random: () => number, length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) bytes[i] = Math.floor(random() * 256);
  bytes.set([0xff, 0xd8], 0);
  bytes.set([0xff, 0xd9], length - 2);
  return bytes;
}

export function photoOf(key: string, jpeg: Uint8Array<ArrayBuffer>): PhotoToSave {
  return { key, width: 800, height: 600 + (jpeg.length % 200), jpeg };
}

export const factsOf = ({ key, width, height }: PhotoFacts): PhotoFacts => ({ key, width, height });

/** A profile to save whose photos come from `photos`, one at a time. */
export function toSave(contents: ProfileContents, photos: readonly PhotoToSave[]): ProfileToSave {
  return {
    contents,
    photos: async function* () {
      yield* photos;
    },
  };
}

/** Two profiles with photos of a few KB each, as saving hands them over. */
export function twoProfiles(random: () => number): {
  profiles: ProfileToSave[];
  photos: Record<'local' | 'staging', PhotoToSave[]>;
} {
  const photos = {
    local: [1, 2, 3].map((n) => photoOf(`41-${n}`, jpegBytes(random, 2_000 + n * 1_500))),
    staging: [photoOf('88', jpegBytes(random, 6_000))],
  };
  const profiles = (['local', 'staging'] as const).map((profile) =>
    toSave(contentsOf(profile, photos[profile].map(factsOf)), photos[profile]),
  );
  return { profiles, photos };
}

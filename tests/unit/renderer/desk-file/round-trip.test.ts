import { describe, expect, it } from 'vitest';
import type { DeskFileContents, PhotoToSave } from '../../../../src/data/desk-contents';
import { readDeskFile } from '../../../../src/desk-file/read-desk-file';
import { writeDeskFile } from '../../../../src/desk-file/write-desk-file';
import { testRandom } from '../support/seed';
import { chunked } from './chunked-blob';
import {
  contentsOf,
  factsOf,
  HEADER,
  jpegBytes,
  photoOf,
  toSave,
  twoProfiles,
} from './desk-samples';
import { entriesOf } from './zip-entries';

async function readOk(file: Blob, as: 'chunked' | 'whole' = 'chunked'): Promise<DeskFileContents> {
  const read = await readDeskFile(as === 'chunked' ? await chunked(file) : file);
  if (!read.ok) throw new Error(`Refused: ${JSON.stringify(read.refusal)}`);
  return read.contents;
}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

/** Each photo read back, by key: its facts and its bytes. */
async function photosRead(contents: DeskFileContents, at: number) {
  const photos = contents.profiles[at]?.photos ?? new Map();
  return Promise.all(
    [...photos.values()].map(async (photo) => ({
      ...factsOf(photo),
      type: photo.jpeg.type,
      jpeg: await bytesOf(photo.jpeg),
    })),
  );
}

const asRead = (photos: readonly PhotoToSave[]) =>
  photos.map((photo) => ({ ...factsOf(photo), type: 'image/jpeg', jpeg: photo.jpeg }));

describe('a desk file written and read back', () => {
  it('holds the header, each profile and every photo as they were', async () => {
    const { profiles, photos } = twoProfiles(testRandom());
    const file = await writeDeskFile(HEADER, profiles);
    // Streamed in a browser's small chunks, and as Node hands a Blob out: whole.
    for (const read of [await readOk(file), await readOk(file, 'whole')]) {
      expect(read.header).toEqual(HEADER);
      expect(read.profiles.map(({ contents }) => contents)).toEqual(
        profiles.map(({ contents }) => contents),
      );
      expect(await photosRead(read, 0)).toEqual(asRead(photos.local));
      expect(await photosRead(read, 1)).toEqual(asRead(photos.staging));
    }
  });

  it('lays the entries out as the format says, the manifest last', async () => {
    const { profiles } = twoProfiles(testRandom());
    const names = (await entriesOf(await writeDeskFile(HEADER, profiles))).map(([name]) => name);
    expect(names).toEqual([
      'kennel-desk.json',
      'profiles/local/photos/0.jpg',
      'profiles/local/photos/1.jpg',
      'profiles/local/photos/2.jpg',
      'profiles/local/contents.json',
      'profiles/staging/photos/0.jpg',
      'profiles/staging/contents.json',
      'kennel-manifest.json',
    ]);
  });

  it('reads a desk with no profiles', async () => {
    const read = await readOk(await writeDeskFile(HEADER, []));
    expect(read).toEqual({ header: HEADER, profiles: [] });
  });

  it('writes each photo before asking for the next', async () => {
    // The photos come in one buffer, overwritten for each: a writer that
    // asked for all before writing, or kept the buffer, would write the last
    // photo's bytes for every photo.
    const random = testRandom();
    const photos = [3_000, 5_000, 4_000].map((length, n) =>
      photoOf(`p${n}`, jpegBytes(random, length)),
    );
    const asked: number[] = [];
    const file = await writeDeskFile(HEADER, [
      {
        contents: contentsOf('local', photos.map(factsOf)),
        photos: async function* () {
          const buffer = new Uint8Array(8_000);
          for (const [n, photo] of photos.entries()) {
            asked.push(n);
            buffer.fill(0);
            buffer.set(photo.jpeg);
            yield { ...photo, jpeg: buffer.subarray(0, photo.jpeg.length) };
          }
        },
      },
    ]);
    expect(asked).toEqual([0, 1, 2]);
    expect(await photosRead(await readOk(file), 0)).toEqual(asRead(photos));
  });

  it('lists the photos given: one not listed is added, one never given is dropped, one given twice is kept once', async () => {
    const random = testRandom();
    const [listed, unlisted, neverGiven] = ['listed', 'unlisted', 'never-given'].map((key) =>
      photoOf(key, jpegBytes(random, 1_000)),
    ) as [PhotoToSave, PhotoToSave, PhotoToSave];
    const contents = contentsOf('production', [factsOf(listed), factsOf(neverGiven)]);
    const file = await writeDeskFile(HEADER, [toSave(contents, [listed, unlisted, listed])]);
    const read = await readOk(file);

    expect(read.profiles[0]?.contents.photos).toEqual([factsOf(listed), factsOf(unlisted)]);
    expect(await photosRead(read, 0)).toEqual(asRead([listed, unlisted]));
  });

  it('carries a photo holding ZIP signatures in parts, and reads it back whole', async () => {
    // fflate's streaming reader would end the entry at the first of these.
    const jpeg = jpegBytes(testRandom(), 3_000);
    jpeg.set([0x50, 0x4b, 3, 4], 0);
    jpeg.set([0x50, 0x4b, 7, 8], 1_000);
    jpeg.set([0x50, 0x4b, 1, 2], 2_996);
    const photo = photoOf('sig', jpeg);
    const file = await writeDeskFile(HEADER, [
      toSave(contentsOf('local', [factsOf(photo)]), [photo]),
    ]);

    const names = (await entriesOf(file)).map(([name]) => name);
    expect(names.filter((name) => name.includes('/photos/'))).toEqual([
      'profiles/local/photos/0.jpg',
      'profiles/local/photos/0.jpg.1',
      'profiles/local/photos/0.jpg.2',
      'profiles/local/photos/0.jpg.3',
    ]);
    expect(await photosRead(await readOk(file), 0)).toEqual(asRead([photo]));
  });
});

describe('writing refuses to make a file reading would refuse', () => {
  it('throws for a photo over the limit', async () => {
    const photo = photoOf('huge', jpegBytes(testRandom(), 4 * 1024 * 1024 + 1));
    await expect(writeDeskFile(HEADER, [toSave(contentsOf('local'), [photo])])).rejects.toThrow(
      RangeError,
    );
  });

  it('throws for a profile handed over twice', async () => {
    const twice = [toSave(contentsOf('local'), []), toSave(contentsOf('local'), [])];
    await expect(writeDeskFile(HEADER, twice)).rejects.toThrow(RangeError);
  });
});

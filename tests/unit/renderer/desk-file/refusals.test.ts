import { describe, expect, it, vi } from 'vitest';
import { DESK_FILE_FORMAT } from '../../../../src/data/desk-contents';
import { DESK_FILE_LIMITS, type DeskFileLimits } from '../../../../src/desk-file/desk-file-limits';
import type { DeskFileRefusal } from '../../../../src/desk-file/desk-file-refusal';
import { readDeskFile } from '../../../../src/desk-file/read-desk-file';
import { writeDeskFile } from '../../../../src/desk-file/write-desk-file';
import { testRandom, testSeed } from '../support/seed';
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
import {
  entriesOf,
  entryAt,
  jsonBytes,
  jsonOf,
  MANIFEST,
  replaced,
  withManifest,
  withoutManifest,
  zipOf,
  type Entry,
} from './zip-entries';

const CONTENTS = 'profiles/local/contents.json';
const LIMITS: DeskFileLimits = { ...DESK_FILE_LIMITS };

async function refusalOf(
  file: Blob,
  limits: DeskFileLimits = LIMITS,
): Promise<DeskFileRefusal | 'ok'> {
  const read = await readDeskFile(file, limits);
  return read.ok ? 'ok' : read.refusal;
}

async function sampleFile(): Promise<Blob> {
  return writeDeskFile(HEADER, twoProfiles(testRandom()).profiles);
}

async function sampleEntries(): Promise<Entry[]> {
  return entriesOf(await sampleFile());
}

/** A file of `entries` (the manifest recomputed), read back. */
async function refusalOfEntries(entries: readonly Entry[], limits?: DeskFileLimits) {
  return refusalOf(zipOf(await withManifest(withoutManifest(entries))), limits);
}

describe('a file cut short', () => {
  it('is refused wherever it was cut', async () => {
    const file = await sampleFile();
    const random = testRandom();
    const cuts = Array.from({ length: 60 }, () => 1 + Math.floor(random() * (file.size - 1)));
    const entriesEnd = new DataView(await file.slice(-22).arrayBuffer()).getUint32(16, true);
    cuts.push(1, 3, file.size - 1, file.size - 22, entriesEnd);
    for (const cut of cuts) {
      const refusal = await refusalOf(await chunked(file.slice(0, cut)));
      expect(
        refusal === 'ok' ? 'ok' : refusal.kind,
        `cut at ${cut} of ${file.size} bytes (this test's seed ${testSeed()}; KENNEL_TEST_SEED replays the run)`,
      ).toMatch(/^(cut-short|damaged)$/);
    }
  });

  it('is refused as cut short when it ends inside a photo', async () => {
    const file = await sampleFile();
    expect(await refusalOf(file.slice(0, 3_000))).toEqual({ kind: 'cut-short' });
  });
});

describe('a file changed after it was saved', () => {
  it('is refused when a byte of a profile changed under the old manifest', async () => {
    const entries = await sampleEntries();
    const random = testRandom();
    const contents = entryAt(entries, CONTENTS).slice();
    const at = Math.floor(random() * contents.length);
    contents[at] = (contents[at] ?? 0) ^ (1 + Math.floor(random() * 255));
    expect(
      await refusalOf(zipOf(replaced(entries, CONTENTS, contents))),
      `byte ${at} changed (this test's seed ${testSeed()})`,
    ).toEqual({ kind: 'changed' });
  });

  it('is refused when a photo changed under the old manifest', async () => {
    const entries = await sampleEntries();
    const photo = entryAt(entries, 'profiles/staging/photos/0.jpg').slice();
    photo[100] = (photo[100] ?? 0) ^ 0x01;
    expect(
      await refusalOf(zipOf(replaced(entries, 'profiles/staging/photos/0.jpg', photo))),
    ).toEqual({
      kind: 'changed',
    });
  });

  it('is refused when a checksum in the manifest changed', async () => {
    const entries = await sampleEntries();
    const manifest = jsonOf(entryAt(entries, MANIFEST)) as { entries: { sha256: string }[] };
    const listed = manifest.entries[2];
    if (listed === undefined) throw new Error('The manifest lists too few entries');
    listed.sha256 = `${listed.sha256[0] === '0' ? '1' : '0'}${listed.sha256.slice(1)}`;
    expect(await refusalOf(zipOf(replaced(entries, MANIFEST, jsonBytes(manifest))))).toEqual({
      kind: 'changed',
    });
  });

  it.each([
    ['misses an entry', (listed: unknown[]) => listed.slice(1)],
    ['lists one more', (listed: unknown[]) => [...listed, listed[0]]],
  ])('is refused when the manifest %s', async (_label, edit) => {
    const entries = await sampleEntries();
    const manifest = jsonOf(entryAt(entries, MANIFEST)) as { entries: unknown[] };
    const edited = { entries: edit(manifest.entries) };
    expect(await refusalOf(zipOf(replaced(entries, MANIFEST, jsonBytes(edited))))).toEqual({
      kind: 'changed',
    });
  });
});

describe('a file from a newer Kennel', () => {
  it('is refused with its format, without reading past its header', async () => {
    const newer = { ...HEADER, format: DESK_FILE_FORMAT + 1, layout: 'other' };
    const filler = jpegBytes(testRandom(), 1024 * 1024);
    const file = await chunked(
      zipOf([
        ['kennel-desk.json', jsonBytes(newer)],
        ['anything.bin', filler],
      ]),
    );
    expect(await refusalOf(file)).toEqual({ kind: 'newer', format: DESK_FILE_FORMAT + 1 });
    expect(file.streamedBytes).toBeLessThan(file.size / 2);
  });
});

describe('a file too large', () => {
  it('is refused before a byte is read', async () => {
    const tenTimes = { size: 10 * DESK_FILE_LIMITS.fileBytes, stream: vi.fn() };
    const read = await readDeskFile(tenTimes as unknown as Blob);
    expect(read).toEqual({
      ok: false,
      refusal: { kind: 'too-large', bytes: tenTimes.size, limitBytes: DESK_FILE_LIMITS.fileBytes },
    });
    expect(tenTimes.stream).not.toHaveBeenCalled();
  });

  it('is refused by the limit it is read with', async () => {
    const file = await chunked(await sampleFile());
    const limits = { ...LIMITS, fileBytes: file.size - 1 };
    expect(await refusalOf(file, limits)).toEqual({
      kind: 'too-large',
      bytes: file.size,
      limitBytes: file.size - 1,
    });
    expect(file.streamCalls).toBe(0);
    expect(await refusalOf(file, { ...LIMITS, fileBytes: file.size })).toBe('ok');
  });
});

describe('a part unpacking past its limit', () => {
  it('is refused for a photo', async () => {
    const limits = { ...LIMITS, photoBytes: 5_000 };
    expect(await refusalOf(await sampleFile(), limits)).toEqual({
      kind: 'part-too-large',
      limitBytes: 5_000,
    });
  });

  it('counts every part of a photo carried in parts', async () => {
    const jpeg = jpegBytes(testRandom(), 6_000);
    jpeg.set([0x50, 0x4b, 3, 4], 3_000);
    const photo = photoOf('in-two', jpeg);
    const file = await writeDeskFile(HEADER, [
      toSave(contentsOf('local', [factsOf(photo)]), [photo]),
    ]);
    expect(await refusalOf(file, { ...LIMITS, photoBytes: 5_999 })).toEqual({
      kind: 'part-too-large',
      limitBytes: 5_999,
    });
    expect(await refusalOf(file, { ...LIMITS, photoBytes: 6_000 })).toBe('ok');
  });

  it('is refused for a profile', async () => {
    const entries = await sampleEntries();
    const limit = entryAt(entries, CONTENTS).length - 1;
    expect(await refusalOf(zipOf(entries), { ...LIMITS, contentsBytes: limit })).toEqual({
      kind: 'part-too-large',
      limitBytes: limit,
    });
  });

  it('stops a zip bomb at its limit without reading on', async () => {
    const bomb = new Uint8Array(16 * 1024 * 1024);
    const filler = jpegBytes(testRandom(), 1024 * 1024);
    const entries: Entry[] = [
      ['kennel-desk.json', jsonBytes(HEADER)],
      [CONTENTS, bomb],
      ['profiles/staging/photos/0.jpg', filler],
    ];
    const file = await chunked(zipOf(entries, new Set([CONTENTS])));
    const limits = { ...LIMITS, contentsBytes: 1024 * 1024 };
    expect(await refusalOf(file, limits)).toEqual({
      kind: 'part-too-large',
      limitBytes: 1024 * 1024,
    });
    expect(file.streamedBytes).toBeLessThan(file.size / 2);
  });

  it('reads a deflated part within its limit', async () => {
    // Kennel writes every part stored; another tool may deflate them.
    const entries = withoutManifest(await sampleEntries());
    expect(await refusalOf(zipOf(await withManifest(entries), new Set([CONTENTS])))).toBe('ok');
  });
});

describe('a file that is not a desk file', () => {
  it.each([
    ['a text file', new Blob(['Name,Chip\nRex,985112345678901\n'])],
    ['an empty file', new Blob([])],
  ])('is refused: %s', async (_label, file) => {
    expect(await refusalOf(file)).toEqual({ kind: 'not-a-desk-file' });
  });

  it('is refused: a ZIP without the header', async () => {
    const file = zipOf([
      ['readme.txt', jsonBytes('hello')],
      ['kennel-desk.json', jsonBytes(HEADER)],
    ]);
    expect(await refusalOf(file)).toEqual({ kind: 'not-a-desk-file' });
  });
});

describe('a desk file saved before the desk kept its history', () => {
  it('is read with an empty history, everything else as it was', async () => {
    const entries = await sampleEntries();
    const { history: _history, ...older } = jsonOf(entryAt(entries, CONTENTS)) as Record<
      string,
      unknown
    >;
    const read = await readDeskFile(
      zipOf(await withManifest(withoutManifest(replaced(entries, CONTENTS, jsonBytes(older))))),
    );
    if (!read.ok) throw new Error(`Refused: ${JSON.stringify(read.refusal)}`);
    const local = read.contents.profiles.find(({ contents }) => contents.profile === 'local');
    expect(local?.contents).toEqual({ ...older, history: [] });
  });
});

describe('a desk file whose parts are not what Kennel writes', () => {
  const contentsEdited = async (edit: (contents: Record<string, unknown>) => unknown) => {
    const entries = await sampleEntries();
    const contents = jsonOf(entryAt(entries, CONTENTS)) as Record<string, unknown>;
    return refusalOfEntries(replaced(entries, CONTENTS, jsonBytes(edit(contents))));
  };

  it('is refused for a profile Kennel does not have', async () => {
    const entries = (await sampleEntries()).filter(([name]) => !name.startsWith('profiles/local/'));
    const nope = contentsOf('local');
    const refusal = await refusalOfEntries([
      ...entries.slice(0, 1),
      ['profiles/nope/contents.json', jsonBytes({ ...nope, profile: 'nope' })],
      ...entries.slice(1),
    ]);
    expect(refusal).toEqual({ kind: 'damaged' });
  });

  it.each([
    ['names another profile', (c: Record<string, unknown>) => ({ ...c, profile: 'staging' })],
    ['lacks its records', (c: Record<string, unknown>) => ({ ...c, records: undefined })],
    [
      'has a record that is not an object',
      (c: Record<string, unknown>) => ({ ...c, records: ['41'] }),
    ],
    ['lacks its queue', (c: Record<string, unknown>) => ({ ...c, queue: { entries: [] } })],
    [
      'has a setting that is not a number',
      (c: Record<string, unknown>) => ({
        ...c,
        settings: { holdSeconds: '20', strayHoldDays: 3 },
      }),
    ],
    [
      'lists a photo it does not carry',
      (c: Record<string, unknown>) => ({
        ...c,
        photos: [...(c.photos as unknown[]), { key: 'ghost', width: 1, height: 1 }],
      }),
    ],
    [
      'carries a photo it does not list',
      (c: Record<string, unknown>) => ({
        ...c,
        photos: (c.photos as unknown[]).slice(1),
      }),
    ],
    [
      'lists one photo twice',
      (c: Record<string, unknown>) => {
        const [first, , ...rest] = c.photos as unknown[];
        return { ...c, photos: [first, first, ...rest] };
      },
    ],
    [
      'has a history that is not a list',
      (c: Record<string, unknown>) => ({ ...c, history: { rows: [] } }),
    ],
    [
      'has a history row that is not an object',
      (c: Record<string, unknown>) => ({ ...c, history: ['typed'] }),
    ],
    ['is a string, not an object', () => 'local'],
  ])('is refused when a profile %s', async (_label, edit) => {
    const refusal = await contentsEdited((contents) => edit(contents));
    expect(refusal).toEqual({ kind: 'damaged' });
  });

  it('is refused for contents that are not JSON, though the manifest vouches for them', async () => {
    const entries = await sampleEntries();
    const broken = new TextEncoder().encode('{"profile": "local", ');
    expect(await refusalOfEntries(replaced(entries, CONTENTS, broken))).toEqual({
      kind: 'damaged',
    });
  });

  it('is refused for a header lacking a field', async () => {
    const entries = await sampleEntries();
    const { deskId: _dropped, ...header } = HEADER;
    const refusal = await refusalOfEntries(
      replaced(entries, 'kennel-desk.json', jsonBytes(header)),
    );
    expect(refusal).toEqual({ kind: 'damaged' });
  });

  it('is refused for a profile given twice', async () => {
    const entries = withoutManifest(await sampleEntries());
    const again: Entry = [CONTENTS, entryAt(entries, CONTENTS)];
    expect(await refusalOfEntries([...entries, again])).toEqual({ kind: 'damaged' });
  });

  it('is refused for photos out of order', async () => {
    const entries = withoutManifest(await sampleEntries());
    const at = (n: number) =>
      entries.findIndex(([name]) => name === `profiles/local/photos/${n}.jpg`);
    const [first, second] = [at(1), at(2)];
    const swapped = entries.map((entry, i) =>
      i === first ? entries[second] : i === second ? entries[first] : entry,
    ) as Entry[];
    expect(await refusalOfEntries(swapped)).toEqual({ kind: 'damaged' });
  });

  it('is refused for an entry after the manifest', async () => {
    const entries = await withManifest(withoutManifest(await sampleEntries()));
    const file = zipOf([
      ...entries,
      ['profiles/production/contents.json', jsonBytes(contentsOf('production'))],
    ]);
    expect(await refusalOf(file)).toEqual({ kind: 'damaged' });
  });

  it('is refused for more entries than the limit', async () => {
    const file = await sampleFile();
    const count = (await entriesOf(file)).length;
    expect(await refusalOf(file, { ...LIMITS, entries: count - 1 })).toEqual({ kind: 'damaged' });
    expect(await refusalOf(file, { ...LIMITS, entries: count })).toBe('ok');
  });
});

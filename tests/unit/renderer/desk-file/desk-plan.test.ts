import { describe, expect, it } from 'vitest';
import type { IntakeRecord } from '../../../../src/data/intake-record';
import {
  choiceId,
  countPlan,
  planProfile,
  takenFor,
  type Picks,
  type ProfilePlan,
} from '../../../../src/desk-file/desk-plan';
import { contents, deskState, event, header, queuedEntry, serviceRow } from './desk-fixtures';
import type { ProfileContents } from '../../../../src/data/desk-contents';
import type { DeskProfileState } from '../../../../src/data/desk-state';

const OWN_DESK = 'desk-here';
const NO_SIZES: ReadonlyMap<string, number> = new Map();
const NO_PICKS: Picks = new Map();

function plan(
  file: ProfileContents,
  desk: DeskProfileState = deskState(),
  options: { deskUrl?: string; sizes?: ReadonlyMap<string, number>; deskId?: string } = {},
): ProfilePlan {
  return planProfile(
    header(options.deskId === undefined ? {} : { deskId: options.deskId }),
    file,
    desk,
    options.deskUrl ?? file.serviceUrl,
    options.sizes ?? NO_SIZES,
    OWN_DESK,
  );
}

const rec = (
  key: string,
  updatedAt: number,
  fields: Omit<IntakeRecord, 'key' | 'updatedAt'> = {},
) => ({
  key,
  updatedAt,
  ...fields,
});

describe('planProfile: the service address', () => {
  it.each([
    ['the same address', 'http://shelter.example/v1', 'http://shelter.example/v1', false],
    ['a trailing slash', 'http://shelter.example/v1/', 'http://shelter.example/v1', false],
    ['several trailing slashes', 'http://shelter.example/v1', 'http://shelter.example/v1//', false],
    ['another case', 'HTTP://Shelter.Example/V1', 'http://shelter.example/v1', false],
    ['another case here', 'http://shelter.example/v1', 'http://SHELTER.example/V1/', false],
    ['no address in the file', '', 'http://shelter.example/v1', false],
    ['no address on this desk', 'http://shelter.example/v1', '', false],
    ['another host', 'http://other.example/v1', 'http://shelter.example/v1', true],
    ['another port', 'http://shelter.example:8080/v1', 'http://shelter.example/v1', true],
  ])('with %s, differs: %s', (_label, fileUrl, deskUrl, differs) => {
    expect(plan(contents({ serviceUrl: fileUrl }), deskState(), { deskUrl }).addressDiffers).toBe(
      differs,
    );
  });
});

describe('planProfile: what differs', () => {
  it('lists conflicts only for records of animals the service has (not those still queued)', () => {
    const file = contents({
      records: [
        rec('101', 200, { sex: 'male', kennel: 'Dogs C1' }),
        rec('local:queued-1', 200, { sex: 'male' }),
        rec('102', 200, { sex: 'female' }),
      ],
    });
    const desk = deskState({
      records: new Map([
        ['101', rec('101', 100, { sex: 'female', kennel: 'Dogs C1' })],
        ['local:queued-1', rec('local:queued-1', 100, { sex: 'female' })],
      ]),
    });

    const { conflicts } = plan(file, desk);

    expect(conflicts.map((c) => [c.key, c.part, c.newer])).toEqual([['101', 'sex', 'file']]);
  });

  it("finds a photo conflict from this desk's and the file's photo sizes", () => {
    const file = contents({
      records: [rec('101', 200, { hasPhoto: 1 }), rec('102', 200, { hasPhoto: 1 })],
    });
    const desk = deskState({
      records: new Map([
        ['101', rec('101', 100, { hasPhoto: 1 })],
        ['102', rec('102', 100, { hasPhoto: 1 })],
      ]),
      photoBytes: new Map([
        ['101', 4000],
        ['102', 4000],
      ]),
    });
    const sizes = new Map([
      ['101', 4000],
      ['102', 5100],
    ]);

    expect(plan(file, desk, { sizes }).conflicts.map((c) => [c.key, c.part])).toEqual([
      ['102', 'photo'],
    ]);
  });

  it('lists category numbers the two desks name differently', () => {
    const file = contents({
      categories: [
        { id: '1', name: 'Canines' },
        { id: '2', name: 'Cats' },
        { id: '3', name: 'Rabbits' },
      ],
    });
    const desk = deskState({
      categories: [
        { id: '1', name: 'Dogs' },
        { id: '2', name: 'Cats' },
        { id: '4', name: 'Birds' },
      ],
    });

    expect(plan(file, desk).categoryConflicts).toEqual([
      { id: '1', desk: 'Dogs', file: 'Canines' },
    ]);
  });

  it('knows a file this desk saved itself', () => {
    expect(plan(contents(), deskState(), { deskId: OWN_DESK }).ownFile).toBe(true);
    expect(plan(contents(), deskState(), { deskId: 'another-desk' }).ownFile).toBe(false);
  });
});

describe('countPlan', () => {
  const file = contents({
    records: [rec('101', 1), rec('102', 1), rec('local:q1', 1)],
    photos: [
      { key: '101', width: 10, height: 10 },
      { key: 'local:q1', width: 10, height: 10 },
    ],
    categories: [
      { id: '1', name: 'Dogs' },
      { id: '3', name: 'Rabbits' },
    ],
    animals: [
      serviceRow('101', { typedAt: 50 }),
      serviceRow('102', { typedAt: 60 }),
      serviceRow('103'),
    ],
    queue: [queuedEntry('q1', 1, 10), queuedEntry('q2', 2, 20), queuedEntry('q3', 3, 30)],
    history: [event('h1', 10), event('h2', 20), event('h3', 30)],
  });

  it('counts what each way would take', () => {
    const desk = deskState({
      categories: [{ id: '1', name: 'Dogs' }],
      typedHere: new Set(['102']),
      queueHere: new Set(['q2']),
      historyHere: new Set(['h2']),
    });

    expect(countPlan(plan(file, desk))).toEqual({
      add: { records: 2, categories: 1, history: 1, queueLeft: 3, events: 2 },
      replace: { records: 3, photos: 2, categories: 2, queue: 2, queueHere: 1, events: 2 },
    });
  });

  it('counts no queue to take from a file whose queue was taken before', () => {
    const counts = countPlan(plan(file, deskState({ queueTakenBefore: true })));

    expect(counts.replace).toMatchObject({ queue: 0, queueHere: 3 });
  });
});

describe('takenFor: add to this desk', () => {
  it('takes no queue, no settings and no file id; only records of animals the service has', () => {
    const file = contents({
      settings: { holdSeconds: 90, strayHoldDays: 14 },
      records: [rec('101', 5, { chip: '985112000000001' }), rec('local:q1', 5, { chip: '2' })],
      photos: [
        { key: '101', width: 4, height: 3 },
        { key: 'local:q1', width: 4, height: 3 },
      ],
      queue: [queuedEntry('q1', 1, 10)],
    });
    const sizes = new Map([
      ['101', 900],
      ['local:q1', 800],
    ]);

    const taken = takenFor(plan(file, deskState(), { sizes }), 'add', NO_PICKS, sizes);

    expect(taken.queue).toEqual([]);
    expect(taken.settings).toBeNull();
    expect(taken.fileId).toBeNull();
    expect(taken.records).toEqual([rec('101', 5, { chip: '985112000000001' })]);
    expect(taken.photoKeys).toEqual(['101']);
  });

  it('merges a record this desk has: the newer side by default, a pick overrides', () => {
    const file = contents({
      records: [rec('101', 200, { sex: 'male', kennel: 'Dogs C1', breed: 'Collie', hasPhoto: 1 })],
    });
    const desk = deskState({
      records: new Map([
        ['101', rec('101', 100, { sex: 'female', kennel: 'Dogs B3', hasPhoto: 1 })],
      ]),
      photoBytes: new Map([['101', 4000]]),
    });
    const sizes = new Map([['101', 5000]]);
    const thePlan = plan(file, desk, { sizes });

    const byDefault = takenFor(thePlan, 'add', NO_PICKS, sizes);
    const picked = takenFor(
      thePlan,
      'add',
      new Map([
        [choiceId('local', '101', 'kennel'), 'desk'],
        [choiceId('local', '101', 'photo'), 'desk'],
      ]),
      sizes,
    );

    expect(byDefault.records).toEqual([
      rec('101', 200, { sex: 'male', kennel: 'Dogs C1', breed: 'Collie', hasPhoto: 1 }),
    ]);
    expect(byDefault.photoKeys).toEqual(['101']);
    expect(picked.records).toEqual([
      rec('101', 200, { sex: 'male', kennel: 'Dogs B3', breed: 'Collie', hasPhoto: 1 }),
    ]);
    expect(picked.photoKeys).toEqual([]);
  });

  it("keeps this desk's value for an older file unless staff pick the file's", () => {
    const file = contents({
      records: [rec('101', 100, { outcome: 'died', outcomeOn: '2024-05-03' })],
    });
    const desk = deskState({
      records: new Map([['101', rec('101', 200, { outcome: 'adopted', outcomeOn: '2024-05-01' })]]),
    });
    const thePlan = plan(file, desk);

    expect(takenFor(thePlan, 'add', NO_PICKS, NO_SIZES).records[0]).toMatchObject({
      outcome: 'adopted',
      outcomeOn: '2024-05-01',
    });
    const picks = new Map([[choiceId('local', '101', 'outcome'), 'file' as const]]);
    expect(takenFor(thePlan, 'add', picks, NO_SIZES).records[0]).toMatchObject({
      outcome: 'died',
      outcomeOn: '2024-05-03',
    });
  });

  it("merges categories by number, keeping this desk's name unless the file's is picked", () => {
    const file = contents({
      categories: [
        { id: '1', name: 'Canines' },
        { id: '3', name: 'Rabbits' },
      ],
    });
    const desk = deskState({
      categories: [
        { id: '1', name: 'Dogs' },
        { id: '2', name: 'Cats' },
      ],
    });
    const thePlan = plan(file, desk);

    expect(takenFor(thePlan, 'add', NO_PICKS, NO_SIZES).categories).toEqual([
      { id: '1', name: 'Dogs' },
      { id: '2', name: 'Cats' },
      { id: '3', name: 'Rabbits' },
    ]);
    const picks = new Map([[choiceId('local', 'category', '1'), 'file' as const]]);
    expect(takenFor(thePlan, 'add', picks, NO_SIZES).categories).toEqual([
      { id: '1', name: 'Canines' },
      { id: '2', name: 'Cats' },
      { id: '3', name: 'Rabbits' },
    ]);
  });

  it('adds the history marked with the desk that saved the file, without its desk facts', () => {
    const typedThere = serviceRow('101', {
      typedAt: 5_000,
      sentAt: 6_000,
      cardDue: 1,
      imported: 1,
      outboxId: 'entry-101',
      firstSeenAt: 6_000,
    });
    const typedHere = serviceRow('102', { typedAt: 7_000, outboxId: 'entry-102' });
    const fetchedOnly = serviceRow('103');
    const fromThirdDesk = serviceRow('104', { otherDesk: { label: 'Van', typedAt: 3_000 } });
    const file = contents({ animals: [typedThere, typedHere, fetchedOnly, fromThirdDesk] });
    const desk = deskState({ typedHere: new Set(['102']) });

    const { animals } = takenFor(plan(file, desk), 'add', NO_PICKS, NO_SIZES);

    const { typedAt: _t, sentAt: _s, cardDue: _c, imported: _i, ...service } = typedThere;
    expect(animals).toEqual([
      { ...service, outboxId: null, otherDesk: { label: 'Front desk', typedAt: 5_000 } },
      { ...fromThirdDesk, outboxId: null },
    ]);
  });

  it('keeps its own history as it was when the file came from this very desk', () => {
    const typed = serviceRow('101', { typedAt: 5_000, sentAt: 6_000, cardDue: 1, outboxId: 'e1' });
    const file = contents({ animals: [typed, serviceRow('103')] });

    const { animals } = takenFor(
      plan(file, deskState(), { deskId: OWN_DESK }),
      'add',
      NO_PICKS,
      NO_SIZES,
    );

    expect(animals).toEqual([typed]);
  });
});

describe('takenFor: this computer replaces the one that saved it', () => {
  it('takes everything as the file has it, the queue and settings included', () => {
    const file = contents({
      settings: { holdSeconds: 90, strayHoldDays: 14 },
      records: [rec('101', 5, { chip: '1' }), rec('local:q1', 5, { chip: '2' })],
      photos: [{ key: 'local:q1', width: 4, height: 3 }],
      categories: [
        { id: '1', name: 'Canines' },
        { id: '3', name: 'Rabbits' },
      ],
      animals: [serviceRow('101', { typedAt: 5 }), serviceRow('103')],
      queue: [queuedEntry('q1', 1, 10), queuedEntry('q2', 2, 20)],
      history: [event('h1', 10)],
    });
    const desk = deskState({
      records: new Map([['101', rec('101', 900, { chip: '9' })]]),
      categories: [
        { id: '1', name: 'Dogs' },
        { id: '2', name: 'Cats' },
      ],
      typedHere: new Set(['101']),
    });

    const taken = takenFor(plan(file, desk), 'replace', NO_PICKS, NO_SIZES);

    expect(taken).toEqual({
      records: file.records,
      photoKeys: ['local:q1'],
      categories: [
        { id: '1', name: 'Canines' },
        { id: '2', name: 'Cats' },
        { id: '3', name: 'Rabbits' },
      ],
      animals: file.animals,
      queue: file.queue,
      settings: { holdSeconds: 90, strayHoldDays: 14 },
      history: file.history,
      fileId: 'file-1',
    });
  });
});

describe('the desk’s history in a file', () => {
  it('is handed on whole either way: the write adds only the rows this desk lacks', () => {
    const file = contents({ history: [event('h1', 10), event('h2', 20)] });
    const desk = deskState({ historyHere: new Set(['h1']) });
    for (const way of ['add', 'replace'] as const) {
      expect(takenFor(plan(file, desk), way, NO_PICKS, NO_SIZES).history).toEqual(file.history);
    }
  });
});

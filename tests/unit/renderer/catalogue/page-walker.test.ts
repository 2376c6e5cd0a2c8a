import { describe, expect, it } from 'vitest';
import type { BridgeError } from '../../../../electron/contract/errors';
import type { BridgeResult, KennelApi } from '../../../../electron/contract/bridge';
import type { Pet, PetsPage, PetsPageRequest } from '../../../../electron/contract/pet';
import { walkList, type WalkOptions } from '../../../../src/catalogue/page-walker';

type Answer = BridgeResult<PetsPage>;

const pet = (id: number): Pet => ({ id: String(id), name: `Pet ${id}`, categoryId: '1' });
const page = (ids: number[], next: string | null, linkProblem?: string): Answer => ({
  ok: true,
  value: { pets: ids.map(pet), next, ...(linkProblem === undefined ? {} : { linkProblem }) },
});
const link = (n: number): string => `http://127.0.0.1:9/v1/pets?limit=2&cursor=${n}`;

/** An api answering each request in turn from `answers`, recording what it was asked. */
function scripted(answers: Answer[]) {
  const asked: PetsPageRequest[] = [];
  const api: Pick<KennelApi, 'listPetsPage'> = {
    async listPetsPage(_profile, request) {
      asked.push(request);
      const answer = answers.shift();
      if (answer === undefined) throw new Error('asked for more pages than scripted');
      return answer;
    },
  };
  return { api, asked };
}

function walk(api: WalkOptions['api'], extra: Partial<WalkOptions> = {}) {
  const seen: string[] = [];
  const done = walkList(
    { limit: 2 },
    {
      api,
      profile: 'local',
      lane: 'user',
      maxPages: 10,
      onPage: (pets) => void seen.push(...pets.map((p) => p.id)),
      ...extra,
    },
  );
  return { done, seen };
}

const paced = (retryAt: number): Answer => ({
  ok: false,
  error: { kind: 'rate-limited', message: 'The window is spent.', retryAt },
});

describe('walkList', () => {
  it('follows next links to the end, each animal once however the pages overlap', async () => {
    const { api, asked } = scripted([
      page([1, 2], link(2)),
      page([2, 3], link(3)),
      page([4], null),
    ]);
    const { done, seen } = walk(api);
    expect(await done).toMatchObject({
      end: 'end',
      pages: 3,
      requests: 3,
      count: 4,
      complete: true,
    });
    expect(seen).toEqual(['1', '2', '3', '4']);
    expect(asked).toEqual([{ query: { limit: 2 } }, { next: link(2) }, { next: link(3) }]);
  });

  it('calls a single full page with no link cut, and a short one complete', async () => {
    expect(await walk(scripted([page([1, 2], null)]).api).done).toMatchObject({
      end: 'end',
      cut: true,
      complete: false,
    });
    expect(await walk(scripted([page([1], null)]).api).done).toMatchObject({
      cut: false,
      complete: true,
    });
  });

  it('ends at a page the governor refused, handing back the refusal and its retryAt', async () => {
    const serviceSaid: BridgeError = {
      kind: 'rate-limited',
      message: 'Too many requests.',
      status: 429,
      retryAt: 2_000,
    };
    const refusals: Answer[] = [paced(31_000), { ok: false, error: serviceSaid }];
    for (const refusal of refusals) {
      const { api, asked } = scripted([page([1, 2], link(2)), refusal, page([3], null)]);
      const walked = await walk(api).done;
      expect(walked).toMatchObject({ end: 'failed', pages: 1, requests: 2, count: 2 });
      expect(walked.error).toEqual(refusal.ok ? null : refusal.error);
      // Nothing more was asked: the caller schedules the next walk from `retryAt`.
      expect(asked).toHaveLength(2);
    }
  });

  it('ends on a loop, at the page cap, and at a link it will not follow', async () => {
    const loop = walk(scripted([page([1, 2], link(2)), page([3, 4], link(2))]).api);
    expect(await loop.done).toMatchObject({ end: 'loop', pages: 2, complete: false, cut: false });

    const capped = walk(scripted([page([1, 2], link(2)), page([3, 4], link(3))]).api, {
      maxPages: 2,
    });
    expect(await capped.done).toMatchObject({ end: 'cap', pages: 2, count: 4, complete: false });

    const refused = walk(scripted([page([1, 2], null, 'Points elsewhere.')]).api);
    expect(await refused.done).toMatchObject({ end: 'refused', count: 2, complete: false });
    expect(refused.seen).toEqual(['1', '2']);
  });

  it('stops when the caller has what it needs, and when cancelled', async () => {
    const { api, asked } = scripted([page([1, 2], link(2)), page([3], null)]);
    const found = await walk(api, { onPage: (pets) => pets.some((p) => p.id === '2') }).done;
    expect(found).toMatchObject({ end: 'stopped', pages: 1 });
    expect(asked).toHaveLength(1);

    const controller = new AbortController();
    controller.abort();
    const cancelled = await walk(scripted([]).api, { signal: controller.signal }).done;
    expect(cancelled).toMatchObject({ end: 'failed', requests: 0 });
  });
});

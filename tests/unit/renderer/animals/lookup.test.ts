import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupAnimal } from '../../../../src/animals/lookup';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { findCachedPet, upsertServicePets } from '../../../../src/data/pets';
import { errorMessage } from '../../../../src/errors/messages';
import { freshDb, startRealCore, type RealCore } from '../support/real-core';

let real: RealCore;

beforeAll(async () => {
  real = await startRealCore({ seed: 5 });
});

afterAll(async () => {
  await real.close();
});

/** How many single-animal lookups reached the service. */
function getPetCalls(): number {
  return real.service.state.requests.filter(
    (r) => r.method === 'GET' && /^\/v1\/pets\/\d+$/.test(r.path),
  ).length;
}

describe('lookupAnimal', () => {
  it('answers from the cache without calling the deprecated getPet', async () => {
    const db = freshDb();
    const page = await real.api.listPets('local', { limit: 5 });
    if (!page.ok) throw new Error(page.error.message);
    await upsertServicePets(db, page.value);
    const wanted = page.value[0];
    if (wanted === undefined) throw new Error('The seeded service has no animals.');
    const before = getPetCalls();

    const outcome = await lookupAnimal({ db, api: real.api, profile: 'local' }, wanted.id);

    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.detail).toMatchObject({ id: wanted.id, name: wanted.name, source: 'cache' });
    expect(getPetCalls()).toBe(before);
  });

  it('calls getPet for an animal not cached, marks it deprecated, and caches it', async () => {
    const db = freshDb();
    const id = real.service.state.pets()[1]?.id.toString();
    if (id === undefined) throw new Error('The seeded service has no animals.');
    const before = getPetCalls();

    const first = await lookupAnimal({ db, api: real.api, profile: 'local' }, id);
    expect(first.ok && first.detail.source).toBe('service');
    expect(getPetCalls()).toBe(before + 1);
    expect((await findCachedPet(db, id))?.id).toBe(id);

    const second = await lookupAnimal({ db, api: real.api, profile: 'local' }, id);
    expect(second.ok && second.detail.source).toBe('cache');
    expect(getPetCalls()).toBe(before + 1);
  });

  it('reports an unknown animal as not found, worded with its ID', async () => {
    const db = freshDb();
    const outcome = await lookupAnimal({ db, api: real.api, profile: 'local' }, '987654321');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe('not-found');
    expect(errorMessage(outcome.error, { petId: '987654321' })).toBe(
      'No animal has the ID 987654321.',
    );
  });

  it('shows a pending animal from the cache by its local key', async () => {
    const db = freshDb();
    const queued = await enqueueIntake(db, 'local', { name: 'Mochi', categoryId: '4' });
    const outcome = await lookupAnimal({ db, api: real.api, profile: 'local' }, queued.localKey);
    expect(outcome.ok && outcome.detail).toMatchObject({ name: 'Mochi', pending: true, id: null });
  });
});

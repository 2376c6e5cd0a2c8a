import { describe, expect, it } from 'vitest';
import { parseCli } from '../../../server/cli-options';
import { seedPets } from '../../../server/seed';
import { call, json, PRO_KEY, useServices } from './support';

const serve = useServices();

describe('seeding many demo animals', () => {
  it('starts with 350 animals, ids 1..350, when asked with seed: 350', async () => {
    const service = await serve({ seed: 350 });
    const pets = service.state.pets();
    expect(pets.map((pet) => pet.id)).toEqual(Array.from({ length: 350 }, (_, i) => BigInt(i + 1)));
    const firstPage = json<unknown[]>(
      await call(service, 'GET', '/pets?limit=100', { key: PRO_KEY }),
    );
    expect(firstPage).toHaveLength(100);
  });

  it('varies statuses, leaves some without one, and varies names', () => {
    const pets = seedPets(350, 1n, 1n);
    const counts = new Map<string | undefined, number>();
    for (const pet of pets) counts.set(pet.status, (counts.get(pet.status) ?? 0) + 1);
    expect(counts).toEqual(
      new Map([
        ['available', 140],
        ['pending', 70],
        ['sold', 70],
        [undefined, 70],
      ]),
    );
    expect(new Set(pets.map((pet) => pet.name)).size).toBe(350);
    expect(new Set(pets.map((pet) => pet.categoryId)).size).toBe(6);
  });

  it('names animals after a short list of pet names plus a number, so part of a name finds several', () => {
    const names = seedPets(350, 1n, 1n).map((pet) => pet.name);
    expect(names.slice(0, 3)).toEqual(['Biscuit', 'Luna', 'Max']);
    expect(names).toContain('Max 7');
    const maxes = names.filter((name) => name.startsWith('Max'));
    expect(maxes).toEqual(['Max', ...Array.from({ length: 9 }, (_, i) => `Max ${i + 2}`)]);
    // A name shares its animals' statuses out, so a search is not one status only.
    const seeded = seedPets(350, 1n, 1n).filter((pet) => pet.name.startsWith('Luna'));
    expect(new Set(seeded.map((pet) => pet.status)).size).toBeGreaterThan(2);
  });

  it('is deterministic', async () => {
    const a = await serve({ seed: 350 });
    const b = await serve({ seed: 350 });
    expect(b.state.pets()).toEqual(a.state.pets());
  });

  it('is asked for on the command line with --seed', () => {
    expect(parseCli(['--seed', '350'])).toEqual({
      kind: 'serve',
      options: { port: 4010, seed: 350 },
    });
  });
});

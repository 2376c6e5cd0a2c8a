import { countByName, uniqueNames } from '../helpers/e2e/names';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { AnimalInput } from '../helpers/e2e/kennel-app';

const STATUSES = [undefined, 'available', 'pending', 'sold'] as const;

test.describe('fast intake', () => {
  test('50 animals entered back to back, without waiting for the app, are each kept and synced once', async ({
    app,
    service,
  }) => {
    test.setTimeout(240_000);
    // With the service away every animal stays queued on this computer, so the
    // queue itself can be counted before anything is sent.
    await service.stop();
    await app.open();
    await app.enterKey(KEYS.pro);
    await expect(app.connection()).toHaveText(/Offline|Checking…/);

    const names = uniqueNames('Swift', 50);
    const animals: AnimalInput[] = names.map((name, i) => {
      const animal: AnimalInput = { name, categoryId: String(1 + (i % 9)) };
      // The keyboard-only entries (every third) leave Status as it is: "(not set)".
      const status = i % 3 === 2 ? undefined : STATUSES[i % STATUSES.length];
      if (status !== undefined) animal.status = status;
      return animal;
    });

    // Three ways of entering, in turn, and never a wait for the form in between:
    // filled and sent at once; typed key by key (as a person types) while the
    // previous one is being saved; the keyboard alone (as a scanner does), which
    // works only if every submit puts the cursor back in an empty Name field.
    for (const [i, animal] of animals.entries()) {
      if (i % 3 === 0) await app.enterAnimalAtOnce(animal);
      else if (i % 3 === 1) await app.typeAnimalByKeys(animal);
      else await app.scanAnimal(animal, i % 2);
    }

    // Every animal is queued on this computer, once each, in the order entered,
    // and the form is empty and ready for the next one.
    await app.expectWaiting(50);
    expect(await app.outboxNames()).toEqual(names);
    await expect(app.nameInput()).toHaveValue('');
    await expect(app.categoryInput()).toHaveValue('');
    await expect(app.nameInput()).toBeFocused();
    await expect(app.notSaved()).toHaveCount(0);
    await expect(app.savingNote()).toHaveCount(0);
    await expect(app.addButton()).toBeEnabled();

    // Back online; the person asks for the sync rather than wait for the next probe.
    await service.start();
    await app.page.getByRole('button', { name: 'Sync now' }).click();
    await app.expectWaiting(0, 120_000);

    // Each animal reached the service exactly once, with its own category and status.
    const mine = service.state.pets().filter((p) => names.includes(p.name));
    const counts = countByName(mine.map((p) => p.name));
    const lost = names.filter((name) => !counts.has(name));
    const twice = names.filter((name) => (counts.get(name) ?? 0) > 1);
    // Nor any animal made of parts of two (a name typed onto the previous one).
    const tag = names[0]?.split(' ').slice(0, 2).join(' ') ?? 'Swift';
    const strays = service.state
      .pets()
      .map((p) => p.name)
      .filter((name) => name.includes(tag) && !names.includes(name));
    expect({ lost, twice, strays }).toEqual({ lost: [], twice: [], strays: [] });
    expect(mine).toHaveLength(50);
    for (const animal of animals) {
      const pet = mine.find((p) => p.name === animal.name);
      expect({ categoryId: pet?.categoryId.toString(), status: pet?.status }, animal.name).toEqual({
        categoryId: animal.categoryId,
        status: animal.status,
      });
    }
    // Counted over the service's whole life, before the outage and after it.
    expect(service.state.stats.created).toBe(50);
  });
});

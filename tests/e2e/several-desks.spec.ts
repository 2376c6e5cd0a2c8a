import { countByName, uniqueNames } from '../helpers/e2e/names';
import { expect, test } from '../helpers/e2e/fixtures';

/** One key for the whole shelter, as a shelter with one account has. */
const SHELTER_KEY = 'kennel-shelter-shared-key';
const DESKS = ['A', 'B', 'C'] as const;
const ANIMALS_PER_DESK = 30;

test.describe('several desks on one key', () => {
  // 20 requests per 3 s window for 90 animals: the desks must share a budget
  // that none of them could spend alone at its own pace.
  test.use({
    serviceOptions: {
      keys: { [SHELTER_KEY]: { name: 'Shelter', perMinute: 20, perDay: 10_000 } },
    },
  });

  test('three desks drain 90 animals through one small plan: each once, no ban', async ({
    openDesk,
    service,
  }) => {
    test.setTimeout(180_000);
    // Intake goes on while the network is down; when it is back, the three
    // desks start sending at the same moment, which is when they contend most.
    await service.stop();
    const desks = [];
    for (const label of DESKS) {
      const desk = await openDesk();
      await desk.app.open();
      await desk.app.enterKey(SHELTER_KEY);
      desks.push({ label, desk, names: uniqueNames(`Desk ${label}`, ANIMALS_PER_DESK) });
    }
    await Promise.all(
      desks.map(async ({ desk, names }, i) => {
        await desk.app.enterAnimals(names.map((name) => ({ name, categoryId: String(i + 1) })));
        await desk.app.expectWaiting(ANIMALS_PER_DESK);
      }),
    );

    await service.start();
    const started = performance.now();
    // Staff at each desk see the network back and press "Sync now".
    await Promise.all(
      desks.map(({ desk }) => desk.app.page.getByRole('button', { name: 'Sync now' }).click()),
    );
    await Promise.all(desks.map(({ desk }) => desk.app.expectWaiting(0, 150_000)));
    const seconds = (performance.now() - started) / 1000;

    const { stats, requests } = service.state;
    console.log(
      `several desks: 90 animals from 3 desks on one key (20 per 3 s) synced in ${seconds.toFixed(1)} s ` +
        `after "Sync now"; requests ${requests.length}, ` +
        `429s ${stats.rateLimited}, bans ${stats.bans}, created ${stats.created}`,
    );

    const wanted = desks.flatMap(({ names }) => names);
    const counts = countByName(service.state.pets().map((p) => p.name));
    for (const name of wanted) expect(counts.get(name), name).toBe(1);
    expect(wanted.reduce((sum, name) => sum + (counts.get(name) ?? 0), 0)).toBe(90);
    expect(stats.created).toBe(90);
    expect(stats.bans).toBe(0);
  });
});

import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { countByName, uniqueNames } from '../helpers/e2e/names';

/** How often each of `names` is on a service. */
function countsOf(pets: { name: string }[], names: readonly string[]): number[] {
  const counts = countByName(pets.map((p) => p.name));
  return names.map((name) => counts.get(name) ?? 0);
}

/** Switches profile and waits for the header to say which one is shown. */
async function switchTo(app: KennelApp, profile: 'Local' | 'Staging'): Promise<void> {
  await app.selectProfile(profile);
  await expect(app.profileBadge()).toHaveText(profile.toUpperCase());
}

test.describe('a queue in each profile', () => {
  test('Local and Staging each keep their own queue across switches, and each animal lands once on its own profile’s service only', async ({
    app,
    service,
    stagingService,
  }) => {
    test.setTimeout(180_000);
    // Both services are out of reach: everything typed is queued.
    await service.stop();
    await stagingService.stop();
    await app.open();
    await app.enterKey(KEYS.pro, 'Local');
    await expect(app.profileBadge()).toHaveText('LOCAL');
    await expect(app.connection()).toHaveText(/Offline|Checking…/);

    const local = uniqueNames('Local queue', 3);
    const staging = uniqueNames('Staging queue', 3);
    const [s1, s2, s3] = staging;
    if (s1 === undefined || s2 === undefined || s3 === undefined) throw new Error('names');

    for (const name of local) await app.enterAnimalAtOnce({ name, categoryId: '2' });
    await app.expectWaiting(3);

    await app.selectProfile('Staging');
    await app.enterKey(KEYS.pro, 'Staging');
    await expect(app.profileBadge()).toHaveText('STAGING');
    // Staging's queue starts empty: Local's animals are not here.
    await app.expectWaiting(0);
    await app.enterAnimalAtOnce({ name: s1, categoryId: '3' });
    await app.enterAnimalAtOnce({ name: s2, categoryId: '3' });
    await app.expectWaiting(2);
    await expect(app.rowNamed(s1)).toHaveCount(1);
    await expect(app.rowNamed(local[0] ?? '')).toHaveCount(0);

    await switchTo(app, 'Local');
    await app.expectWaiting(3);
    await expect(app.rowNamed(local[0] ?? '')).toHaveCount(1);
    await expect(app.rowNamed(s1)).toHaveCount(0);

    // One more for Staging, and a switch to Local at once, before Kennel has
    // stored it: it stays with the profile it was typed for.
    await switchTo(app, 'Staging');
    await app.expectWaiting(2);
    await app.enterAnimalAtOnce({ name: s3, categoryId: '4' });
    await switchTo(app, 'Local');
    await app.expectWaiting(3);
    await expect.poll(() => app.outboxNames('staging')).toEqual(staging);
    expect(await app.outboxNames('local')).toEqual(local);

    await switchTo(app, 'Staging');
    await app.expectWaiting(3);
    await switchTo(app, 'Local');
    await app.expectWaiting(3);

    // Both services come back. Local is shown: staff ask it to sync.
    await service.start();
    await stagingService.start();
    await app.syncNowButton().click();
    await app.expectWaiting(0, 90_000);
    expect(countsOf(service.state.pets(), local)).toEqual([1, 1, 1]);

    await switchTo(app, 'Staging');
    await app.syncNowButton().click();
    await app.expectWaiting(0, 90_000);
    expect(countsOf(stagingService.state.pets(), staging)).toEqual([1, 1, 1]);
    expect(await app.outboxNames('staging')).toEqual([]);
    expect(await app.outboxNames('local')).toEqual([]);

    // Each animal is on its own profile's service only, and still once after
    // a last round of switches.
    await switchTo(app, 'Local');
    await app.expectWaiting(0);
    await switchTo(app, 'Staging');
    await app.expectWaiting(0);
    expect(countsOf(service.state.pets(), local)).toEqual([1, 1, 1]);
    expect(countsOf(stagingService.state.pets(), staging)).toEqual([1, 1, 1]);
    expect(countsOf(service.state.pets(), staging)).toEqual([0, 0, 0]);
    expect(countsOf(stagingService.state.pets(), local)).toEqual([0, 0, 0]);
    expect(service.state.stats.created).toBe(3);
    expect(stagingService.state.stats.created).toBe(3);
    // Staging's list shows its own animals with the ids its service gave them.
    const row = app.rowNamed(s3);
    await expect(row).toHaveCount(1);
    const id = stagingService.state.pets().find((p) => p.name === s3)?.id;
    await expect(row).toContainText(String(id));
  });
});

import { readCatalogueCoverage } from '../helpers/e2e/catalogue-coverage';
import { countByName } from '../helpers/e2e/names';
import { createPetDirectly } from '../helpers/e2e/service-direct';
import { loseAnswerTo, MAY_EXIST } from '../helpers/e2e/lost-answer';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';

/** How many creates reached the service. */
function createsSent(requests: { method: string; path: string }[]): number {
  return requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pets')).length;
}

test.describe('a lost answer in a shelter too big to search (the service ignores Idempotency-Key)', () => {
  // 300 animals: both lists Kennel can read (100 at most) are cut short.
  test.use({ serviceOptions: { seed: 300 } });

  test('goes to the user, is never sent again on its own, and Discard leaves one animal', async ({
    app,
    service,
  }) => {
    test.setTimeout(90_000);
    const name = await loseAnswerTo(app, service, {
      prefix: 'Lost',
      categoryId: '3',
      status: 'available',
    });
    await app.needsAttentionButton().click();
    const item = app.needsAttention().getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText(MAY_EXIST);
    await expect(item).toContainText('more animals than Kennel can check');
    // The lost attempt did create it; nothing was sent a second time.
    expect(countByName(service.state.pets().map((p) => p.name)).get(name)).toBe(1);
    expect(createsSent(service.state.requests)).toBe(1);

    await item.getByRole('button', { name: `Discard ${name}` }).click();
    await app.page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (0)');
    expect(countByName(service.state.pets().map((p) => p.name)).get(name)).toBe(1);
    expect(createsSent(service.state.requests)).toBe(1);
  });
});

test.describe('a lost answer to a service that honours Idempotency-Key', () => {
  test.use({ serviceOptions: { seed: 300, idempotency: true } });

  test('Resend gets the stored answer, not a second animal, and Settings says protection is confirmed', async ({
    app,
    service,
  }) => {
    test.setTimeout(90_000);
    const name = await loseAnswerTo(app, service, {
      prefix: 'Replayed',
      categoryId: '3',
      status: 'available',
    });

    await app.page.getByRole('button', { name: 'Settings' }).click();
    const settings = app.page.getByRole('dialog', { name: 'Settings' });
    await expect(settings.getByTestId('duplicate-protection-local')).toContainText(
      'Kennel first looks for the animal there before sending it again',
    );
    await settings.getByRole('button', { name: 'Cancel' }).click();

    await app.needsAttentionButton().click();
    const region = app.needsAttention();
    await region.getByRole('button', { name: `Resend ${name}` }).click();
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (0)');
    await app.expectWaiting(0);
    expect(countByName(service.state.pets().map((p) => p.name)).get(name)).toBe(1);
    expect(createsSent(service.state.requests)).toBe(2);
    expect(service.state.stats.created).toBe(1);

    await app.page.getByRole('button', { name: 'Settings' }).click();
    await expect(
      app.page.getByRole('dialog', { name: 'Settings' }).getByTestId('duplicate-protection-local'),
    ).toContainText('this service is known to recognise an animal sent twice');
  });
});

test.describe('a lost answer with look-alikes on the service (the service ignores Idempotency-Key)', () => {
  test.use({ serviceOptions: { seed: 0 } });

  test('lists every animal that could be it and sends nothing twice', async ({ app, service }) => {
    test.setTimeout(90_000);
    // Another desk adds the same animal just before this one's answer is lost,
    // and this desk has not seen it yet: had a refresh brought the twin in
    // first, the desk could tell its own animal apart, and rightly would.
    const name = await loseAnswerTo(
      app,
      service,
      { prefix: 'Twin', categoryId: '5', status: 'pending' },
      async (twin) => {
        await expect.poll(() => readCatalogueCoverage(app.page)).not.toBeNull();
        await app.page.getByRole('checkbox', { name: 'Pause automatic refresh' }).check();
        await createPetDirectly(service.url, KEYS.pro, {
          name: twin,
          categoryId: 5,
          status: 'pending',
        });
      },
    );
    await app.needsAttentionButton().click();
    const item = app.needsAttention().getByRole('listitem').filter({ hasText: MAY_EXIST });
    await expect(item).toContainText('could be it');
    const ids = service.state
      .pets()
      .filter((p) => p.name === name)
      .map((p) => p.id.toString());
    expect(ids).toHaveLength(2);
    for (const id of ids) await expect(item).toContainText(`ID ${id}`);
    expect(createsSent(service.state.requests)).toBe(2);
  });
});

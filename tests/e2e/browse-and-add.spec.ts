import { DEMO_KEYS, keyIdFor } from '../../server/index';
import { createPetDirectly } from '../helpers/e2e/service-direct';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { statusLabel } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';

/** `name|id` pairs, the identity of an animal across two services that may share ids or names. */
const pairsOf = (pets: { id: bigint | string; name: string }[]): Set<string> =>
  new Set(pets.map((p) => `${p.name}|${p.id.toString()}`));

test.describe('browsing and adding online', () => {
  test('asks for the key on first use, then lists the seeded animals', async ({ app, service }) => {
    await app.open();
    await app.enterKey(KEYS.pro);

    const seeded = pairsOf(service.state.pets());
    await expect.poll(async () => (await app.visibleRows()).length).toBeGreaterThan(0);
    const rows = await app.visibleRows();
    for (const row of rows) expect(seeded, `row ${row.text}`).toContain(`${row.name}|${row.id}`);
    await expect(app.connection()).toHaveText('Online');
  });

  test('filters by status: every visible row has that status', async ({ app, page, service }) => {
    expect(service.state.pets().some((p) => p.status === 'pending')).toBe(true);
    await app.open();
    await app.enterKey(KEYS.pro);
    await expect.poll(async () => (await app.visibleRows()).length).toBeGreaterThan(0);

    await page.getByLabel('Status filter').selectOption('pending');
    await expect
      .poll(async () => {
        const rows = await app.visibleRows();
        return rows.length > 0 && rows.every((r) => r.status === statusLabel('pending'));
      })
      .toBe(true);

    await page.getByLabel('Status filter').selectOption('sold');
    await expect
      .poll(async () => {
        const rows = await app.visibleRows();
        return rows.length > 0 && rows.every((r) => r.status === statusLabel('sold'));
      })
      .toBe(true);
  });

  test('opens an animal from the list, by click and by keyboard', async ({ app, page }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    await expect.poll(async () => (await app.visibleRows()).length).toBeGreaterThan(1);
    const [first, second] = await app.visibleRows();
    if (!first || !second) throw new Error('expected two rows');

    const details = page.getByRole('complementary', { name: 'Animal details' });
    await app.rowNamed(first.name).first().click();
    await expect(details).toContainText(first.id);
    await expect(details).toContainText(first.name);

    await app.rowNamed(second.name).first().focus();
    await page.keyboard.press('Enter');
    await expect(details).toContainText(second.id);
  });

  test('finds an animal the app has not cached through the deprecated getPet', async ({
    app,
    page,
    service,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    await expect.poll(async () => (await app.visibleRows()).length).toBeGreaterThan(0);
    const [name] = uniqueNames('Behind', 1);
    if (!name) throw new Error('expected a name');
    const created = await createPetDirectly(service.url, KEYS.pro, { name, categoryId: 3 });

    await page.getByLabel('Find by ID').fill(created.id);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const details = page.getByRole('complementary', { name: 'Animal details' });
    await expect(details).toContainText(created.id);
    await expect(details).toContainText(name);
    await expect(details).toContainText(/deprecated/i);
  });

  test('a 404 from Find by ID says which ID is missing', async ({ app, page, service }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    const maxId = service.state.pets().reduce((max, p) => (p.id > max ? p.id : max), 0n);
    const missing = (maxId + 1000n).toString();

    await page.getByLabel('Find by ID').fill(missing);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: `No animal has the ID ${missing}.` }),
    ).toBeVisible();
    // Its Details say more in a sentence, never "kind: not-found" or "status: 404".
    const details = page.getByRole('complementary', { name: 'Animal details' });
    await details.getByText('Details', { exact: true }).click();
    const more = details.getByRole('group').filter({ hasText: 'Copy details for support' });
    await expect(more).toContainText('The service answered that it has no such record.');
    await expect(more).not.toContainText(/kind:|status:|404|https?:|\/v1/);
  });

  test('adds an animal: it shows in the list and reaches the service once', async ({
    app,
    service,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    const [name] = uniqueNames('Rex', 1);
    if (!name) throw new Error('expected a name');

    await app.addAnimal({ name, categoryId: '12', status: 'available' });
    await expect(app.rowNamed(name)).toHaveCount(1);
    await app.expectWaiting(0);
    await expect(app.rowNamed(name)).not.toContainText('waiting to be sent');

    const onService = service.state.pets().filter((p) => p.name === name);
    expect(onService).toHaveLength(1);
    expect(onService[0]?.categoryId).toBe(12n);
    expect(onService[0]?.status).toBe('available');
    const row = (await app.visibleRows()).find((r) => r.name === name);
    expect(row?.id).toBe(onService[0]?.id.toString());
  });

  test('a blank name is caught next to the field and nothing is sent', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    const createdBefore = service.state.stats.created;

    await app.submitAnimal({ name: '   ', categoryId: '5' });
    const error = page.getByRole('alert').filter({ hasText: /name/i });
    await expect(error).toBeVisible();
    const describedBy = (await app.nameInput().getAttribute('aria-describedby')) ?? '';
    const errorId = await error.first().getAttribute('id');
    expect(errorId, 'the error element needs an id to be linked').toBeTruthy();
    expect(describedBy.split(/\s+/)).toContain(errorId);
    await expect(app.nameInput()).toHaveAttribute('aria-invalid', 'true');

    await app.expectWaiting(0);
    expect(service.state.stats.created).toBe(createdBefore);
  });

  test('a 400 from the service is shown next to the form with its message', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    // Client and service validate alike (same rules, same bounds), so no input reaches the
    // service only to be refused; the service's fault injection answers 400 instead.
    service.state.setFaults({ errorRate: 1, errorStatuses: [400] });
    const [name] = uniqueNames('Refused', 1);
    if (!name) throw new Error('expected a name');

    await app.addAnimal({ name, categoryId: '8' });
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: `${name} was not added.` })
      .filter({ hasText: 'Injected fault: the request had no effect' });
    await expect(refusal).toBeVisible();
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)');
    expect(service.state.pets().filter((p) => p.name === name)).toEqual([]);
    expect(service.state.stats.byStatus[400] ?? 0).toBeGreaterThan(0);
  });

  test('staging shows its own data and is marked STAGING', async ({
    app,
    page,
    service,
    stagingService,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    await expect(app.profileBadge()).toHaveText('LOCAL');
    await expect.poll(async () => (await app.visibleRows()).length).toBeGreaterThan(0);

    await app.selectProfile('Staging');
    await app.enterKey(KEYS.business, 'Staging');
    await expect(app.profileBadge()).toHaveText('STAGING');
    await expect(page.locator('[data-profile="staging"]').first()).toBeAttached();

    const staging = pairsOf(stagingService.state.pets());
    const local = pairsOf(service.state.pets());
    await expect
      .poll(async () => {
        const rows = await app.visibleRows();
        return (
          rows.length > 0 &&
          rows.every((r) => staging.has(`${r.name}|${r.id}`)) &&
          rows.some((r) => !local.has(`${r.name}|${r.id}`))
        );
      })
      .toBe(true);

    // Each key went only to its own profile's host.
    const proId = keyIdFor(KEYS.pro, DEMO_KEYS[KEYS.pro]!);
    const businessId = keyIdFor(KEYS.business, DEMO_KEYS[KEYS.business]!);
    const stagingKeys = new Set(stagingService.state.requests.map((r) => r.keyId));
    const localKeys = new Set(service.state.requests.map((r) => r.keyId));
    expect(stagingKeys).toContain(businessId);
    expect(stagingKeys).not.toContain(proId);
    expect(localKeys).toContain(proId);
    expect(localKeys).not.toContain(businessId);
  });
});

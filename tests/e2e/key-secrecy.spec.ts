import { dumpPageStorage, placesContaining } from '../helpers/e2e/storage-dump';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';

test.describe('the API key stays on the Node side', () => {
  test('never appears in the page, its storage, its console or the bridge answers', async ({
    app,
    page,
    context,
    consoleLines,
  }) => {
    const key = KEYS.pro;
    // Every bridge answer passes through the test on its way to the page, so its
    // whole body is read even when a reload leaves the page no time to read it.
    const bridgeReads: Promise<{ url: string; body: string } | null>[] = [];
    await page.route('**/bridge/**', (route) => {
      const read = route.fetch().then(
        async (response) => {
          const body = await response.text();
          // A page that navigated away no longer takes the answer; its body was read all the same.
          await route.fulfill({ response, body }).catch(() => undefined);
          return { url: route.request().url(), body };
        },
        // No answer (the host closing at the end of the test): nothing reached the page.
        () =>
          route.abort().then(
            () => null,
            () => null,
          ),
      );
      bridgeReads.push(read);
      return read.then(() => undefined);
    });

    await app.open();
    await app.enterKey(key);
    const [name] = uniqueNames('Secret', 1);
    if (!name) throw new Error('expected a name');
    await app.addAnimal({ name, categoryId: '1', status: 'pending' });
    await app.expectWaiting(0);
    await app.rowNamed(name).first().click();
    await expect(page.getByRole('complementary', { name: 'Animal details' })).toContainText(name);

    // A reload re-reads profiles and the key state; it must not bring the key into the page.
    await app.reload();
    await expect(app.rowNamed(name)).toHaveCount(1);

    const dump = await dumpPageStorage(page, context);
    // The dump must have read the profile's database, or finding nothing would prove nothing.
    expect(dump.databaseNames).toContain('kennel-local');
    expect(dump.places.indexedDb).toContain(name);

    expect(placesContaining(dump, key)).toEqual([]);
    // Every answer the page has had so far, its body read to the end before the check.
    const bridge = (await Promise.all([...bridgeReads])).filter((read) => read !== null);
    // The key was entered, an animal added and opened: the bridge answered all of that.
    expect(bridge.length).toBeGreaterThan(5);
    expect(bridge.filter(({ body }) => body.includes(key))).toEqual([]);
    expect(consoleLines.filter((line) => line.includes(key))).toEqual([]);
    expect(page.url()).not.toContain(key);
  });
});

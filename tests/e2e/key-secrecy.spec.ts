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
    // Every bridge answer's body, read as it arrives; awaited in full before any check.
    const bridgeReads: Promise<{ url: string; body: string | null }>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/bridge/')) {
        bridgeReads.push(
          response.text().then(
            (body) => ({ url: response.url(), body }),
            () => ({ url: response.url(), body: null }),
          ),
        );
      }
    });

    await app.open();
    await app.enterKey(key);
    const [name] = uniqueNames('Secret', 1);
    if (!name) throw new Error('expected a name');
    await app.addAnimal({ name, categoryId: '1', status: 'pending' });
    await app.expectWaiting(0);
    await app.rowNamed(name).first().click();
    await expect(page.getByRole('region', { name: 'Animal details' })).toContainText(name);

    // A reload re-reads profiles and the key state; it must not bring the key into the page.
    await app.reload();
    await expect(app.rowNamed(name)).toHaveCount(1);

    const dump = await dumpPageStorage(page, context);
    // The dump must have read the profile's database, or finding nothing would prove nothing.
    expect(dump.databaseNames).toContain('kennel-local');
    expect(dump.places.indexedDb).toContain(name);

    expect(placesContaining(dump, key)).toEqual([]);
    // Every answer the page has had so far, its body read to the end before the check.
    const bridge = await Promise.all([...bridgeReads]);
    // The key was entered, an animal added and opened: the bridge answered all of that,
    // and a body that could not be read would be one not searched.
    expect(bridge.length).toBeGreaterThan(5);
    expect(bridge.filter(({ body }) => body === null).map(({ url }) => url)).toEqual([]);
    expect(bridge.filter(({ body }) => body?.includes(key))).toEqual([]);
    expect(consoleLines.filter((line) => line.includes(key))).toEqual([]);
    expect(page.url()).not.toContain(key);
  });
});

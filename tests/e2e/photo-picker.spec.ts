import { writeFile } from 'node:fs/promises';
import { chromium, type Locator, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../helpers/chromium';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { words } from '../helpers/e2e/catalogue-words';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import {
  APP1,
  EXIF_CAMERA,
  EXIF_HEADER,
  exifSegment,
  markersBeforePicture,
  withSegment,
} from '../helpers/e2e/jpeg-exif';
import { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { addForm, detailsDrawer } from '../helpers/e2e/panes';
import {
  addPhotoTools,
  decodeInPage,
  drawPhoto,
  stillLoads,
  type DrawnPhoto,
} from '../helpers/e2e/photo-tools';
import { openRecordFields } from '../helpers/e2e/record-form';
import { chooseLook } from '../helpers/e2e/settings';
import { readStoredRecords, type StoredPhotoFacts } from '../helpers/e2e/stored-records';

/**
 * The record's photo picker and camera view in the app, in real Chromium:
 * in the add form's "More about this animal" and in an animal's details
 * (Edit record). What the picker made is read back as the app stored it,
 * from IndexedDB, once the animal is added. The whole path (a photo from a
 * file and from the camera, kept with the animal, on its card) is in
 * `record-photo.spec.ts`; here is what the picker itself promises: the
 * shrink, its worker and the fallback without one, the metadata dropped,
 * each refusal, the previews let go, the keyboard, and the camera let go.
 */

const FAKE_CAMERA = '--use-fake-device-for-media-stream';
test.use({
  viewport: { width: 1280, height: 900 },
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...(chromiumLaunchOptions.args ?? []), FAKE_CAMERA],
  },
  permissions: ['camera'],
});

/** Animals stay in their hold: each test reads their photos under the key they were added with. */
const HOLD_SECONDS = 120;
const TARGET_BYTES = 110 * 1024;
const FORMATS = /JPEG, PNG or WebP/;
const PREVIEW = 'The photo chosen for this animal';

/** The first bytes of a HEIC photo from a phone, which Chromium has no decoder for. */
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
  Buffer.alloc(2048, 7),
]);
const TEXT = Buffer.from('Name,Category,Status\nRex,Dogs,available\n');

/** A camera track as the tests read it. */
interface Track {
  kind: string;
  readyState: string;
}

// Only read inside functions that run in the page.
declare const window: {
  workersStarted: string[];
  workersRefused: string[];
  cameraStreams: { getTracks(): Track[] }[];
};

/** Records every Worker the page starts, by its script's address, as `workersStarted`. */
const RECORD_WORKERS = `(() => {
  const started = [];
  window.workersStarted = started;
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(url, options) {
      started.push(String(url));
      super(url, options);
    }
  };
})();`;

/**
 * The photo's worker never starts, as where the browser refuses it: it only
 * reports an error (each one asked for is kept as `workersRefused`). The
 * app's other workers start as usual.
 */
const NO_PHOTO_WORKER = `(() => {
  const refused = [];
  window.workersRefused = refused;
  const Original = window.Worker;
  class Refused extends EventTarget {
    constructor() {
      super();
      setTimeout(() => this.dispatchEvent(new Event('error')));
    }
    postMessage() {}
    terminate() {}
  }
  window.Worker = function Worker(url, options) {
    if (!/shrink-worker/.test(String(url))) return new Original(url, options);
    refused.push(String(url));
    return new Refused();
  };
})();`;

/** Records every camera stream the page is given, as `cameraStreams`. */
const RECORD_STREAMS = `(() => {
  const streams = [];
  window.cameraStreams = streams;
  const devices = navigator.mediaDevices;
  const original = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    streams.push(stream);
    return stream;
  };
})();`;

/** Every track of every stream the page was given: its kind and whether it ended. */
function tracks(page: Page): Promise<{ kind: string; state: string }[]> {
  return page.evaluate(() =>
    window.cameraStreams.flatMap((stream) =>
      stream.getTracks().map((track) => ({ kind: track.kind, state: track.readyState })),
    ),
  );
}

/** Opens the app with a key, the photo tools in its page and new animals held for a while. */
async function openApp(app: KennelApp, holdSeconds: number | null = HOLD_SECONDS): Promise<void> {
  await addPhotoTools(app.page);
  app.holdSeconds = holdSeconds;
  await app.openWithKey(KEYS.pro);
}

/** The photo picker of the add form's record, opened. */
async function addFormPicker(page: Page, language: 'en' | 'es' = 'en'): Promise<Locator> {
  if (language === 'en') await openRecordFields(page);
  else {
    const more = addForm(page, 'es').getByRole('button', { name: words('es', 'records', 'more') });
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
  }
  return addForm(page, language).getByRole('group', {
    name: words(language, 'photo', 'label'),
    exact: true,
  });
}

/** A photo drawn in the page, written where the file chooser can pick it. */
async function photoFile(page: Page, path: string, photo: DrawnPhoto): Promise<string> {
  await writeFile(path, await drawPhoto(page, photo));
  return path;
}

async function choose(picker: Locator, path: string): Promise<void> {
  const chooser = picker.page().waitForEvent('filechooser');
  await picker.getByRole('button', { name: 'Choose a photo…' }).click();
  await (await chooser).setFiles(path);
}

/** Adds the animal in the form (name and category typed here) and waits for the form to empty. */
async function addAnimal(app: KennelApp, name: string): Promise<void> {
  await app.nameInput().fill(name);
  await app.categoryInput().fill('2');
  await app.addButton().click();
  await expect(app.nameInput()).toHaveValue('');
}

/** The photos this computer keeps, once there are `count` of them. */
async function storedPhotos(page: Page, count: number): Promise<StoredPhotoFacts[]> {
  await expect.poll(async () => (await readStoredRecords(page)).photos.length).toBe(count);
  return (await readStoredRecords(page)).photos;
}

const bytesOf = (photo: StoredPhotoFacts | undefined): Buffer =>
  Buffer.from(photo?.base64 ?? '', 'base64');

test.describe('a photo taken in', () => {
  test('a 12-megapixel photo is kept at most 800 px and about 100 KB, shrunk in a worker', async ({
    app,
    page,
    seed,
  }, testInfo) => {
    await page.addInitScript({ content: RECORD_WORKERS });
    await openApp(app);
    const [name = ''] = uniqueNames('Big', 1);
    const big = await drawPhoto(page, { width: 4000, height: 3000, seed, type: 'image/jpeg' });
    expect(big.length).toBeGreaterThan(1_000_000);
    const file = testInfo.outputPath('big.jpg');
    await writeFile(file, big);
    const picker = await addFormPicker(page);
    const before = await page.evaluate(() => window.workersStarted.length);

    await choose(picker, file);
    await expect(picker.getByRole('status')).toHaveText('Photo ready: 800 × 600 pixels.');
    const started = await page.evaluate(() => window.workersStarted);
    expect(started.slice(before).filter((url) => /shrink-worker/.test(url))).toHaveLength(1);
    await addAnimal(app, name);

    const [photo] = await storedPhotos(page, 1);
    expect(photo).toMatchObject({ type: 'image/jpeg', width: 800, height: 600 });
    expect(photo?.bytes).toBeLessThanOrEqual(TARGET_BYTES);
    await expect(decodeInPage(page, bytesOf(photo))).resolves.toMatchObject({
      width: 800,
      height: 600,
    });
  });

  test('a photo chosen in the details keeps no EXIF or location, and is turned as its EXIF said', async ({
    app,
    page,
    service,
    seed,
  }, testInfo) => {
    await openApp(app, 0);
    const [name = ''] = uniqueNames('Tagged', 1);
    const plain = await drawPhoto(page, { width: 400, height: 200, seed, type: 'image/jpeg' });
    // Orientation 6: the camera was held on its side; shown turned a quarter clockwise.
    const tagged = withSegment(plain, exifSegment(6));
    expect(markersBeforePicture(tagged)).toContain(APP1);
    expect(tagged.includes(EXIF_HEADER)).toBe(true);
    expect(tagged.includes(Buffer.from(EXIF_CAMERA))).toBe(true);
    const file = testInfo.outputPath('tagged.jpg');
    await writeFile(file, tagged);

    await app.nameInput().fill(name);
    await app.categoryInput().fill('2');
    await app.addButton().click();
    await expectEachOnService(service, [name]);
    await app.searchBox().fill(name);
    await app.rowNamed(name).first().click();
    const drawer = detailsDrawer(page);
    await drawer.getByRole('button', { name: 'Add to the record' }).click();
    const form = drawer.getByRole('form', { name: `Record of ${name}` });
    const picker = form.getByRole('group', { name: 'Photo', exact: true });
    await choose(picker, file);
    await expect(picker.getByRole('status')).toHaveText('Photo ready: 200 × 400 pixels.');
    await form.getByRole('button', { name: 'Save record' }).click();
    await expect(drawer).toContainText(`Saved the record of ${name} on this computer.`);

    const [photo] = await storedPhotos(page, 1);
    expect(photo).toMatchObject({ width: 200, height: 400 });
    const out = bytesOf(photo);
    expect(markersBeforePicture(out)).not.toContain(APP1);
    expect(out.includes(EXIF_HEADER)).toBe(false);
    expect(out.includes(Buffer.from(EXIF_CAMERA))).toBe(false);
    await expect(decodeInPage(page, out)).resolves.toMatchObject({ width: 200, height: 400 });

    // Edited again, the picker shows the stored photo; Cancel lets its preview go.
    await drawer.getByRole('button', { name: 'Edit record' }).click();
    const preview = picker.getByRole('img', { name: PREVIEW });
    await expect(preview).toHaveAttribute('width', '200');
    const url = (await preview.getAttribute('src')) ?? '';
    expect(await stillLoads(page, url)).toBe(true);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
    expect(await stillLoads(page, url)).toBe(false);
  });

  test('puts a transparent PNG on white, and takes WebP', async ({ app, page, seed }, testInfo) => {
    await openApp(app);
    const [pngName = '', webpName = ''] = uniqueNames('Format', 2);
    const png = await photoFile(page, testInfo.outputPath('half-clear.png'), {
      width: 1200,
      height: 900,
      seed,
      type: 'image/png',
      transparentLeft: true,
    });
    const webp = await photoFile(page, testInfo.outputPath('tall.webp'), {
      width: 900,
      height: 1200,
      seed: seed + 1,
      type: 'image/webp',
    });
    const picker = await addFormPicker(page);
    await choose(picker, png);
    await expect(picker.getByRole('status')).toHaveText('Photo ready: 800 × 600 pixels.');
    await addAnimal(app, pngName);
    await choose(picker, webp);
    await expect(picker.getByRole('status')).toHaveText('Photo ready: 600 × 800 pixels.');
    await addAnimal(app, webpName);

    const photos = await storedPhotos(page, 2);
    expect(photos.map((p) => p.type)).toEqual(['image/jpeg', 'image/jpeg']);
    const wide = photos.find((p) => p.width === 800 && p.height === 600);
    const tall = photos.find((p) => p.width === 600 && p.height === 800);
    expect(tall, 'the WebP, kept as a JPEG').toBeDefined();
    const { rgba } = await decodeInPage(page, bytesOf(wide), 100, 300);
    expect(rgba).toHaveLength(4);
    for (const channel of rgba) expect(channel).toBeGreaterThanOrEqual(250);
  });

  test('still shrinks on the window’s thread when the photo’s worker does not start', async ({
    app,
    page,
    seed,
  }, testInfo) => {
    await page.addInitScript({ content: NO_PHOTO_WORKER });
    await openApp(app);
    const [name = ''] = uniqueNames('NoWorker', 1);
    const file = await photoFile(page, testInfo.outputPath('photo.jpg'), {
      width: 1600,
      height: 1200,
      seed,
      type: 'image/jpeg',
    });
    const picker = await addFormPicker(page);
    await choose(picker, file);
    await expect(picker.getByRole('status')).toHaveText('Photo ready: 800 × 600 pixels.');
    expect(await page.evaluate(() => window.workersRefused)).toHaveLength(1);
    await addAnimal(app, name);
    const [photo] = await storedPhotos(page, 1);
    expect(photo).toMatchObject({ type: 'image/jpeg', width: 800, height: 600 });
    expect(photo?.bytes).toBeLessThanOrEqual(TARGET_BYTES);
  });
});

test.describe('the photo picker', () => {
  test('is reached and used by keyboard, and lets its preview go when the animal is added', async ({
    app,
    page,
    seed,
  }, testInfo) => {
    await openApp(app);
    const [name = ''] = uniqueNames('Keys', 1);
    const file = await photoFile(page, testInfo.outputPath('rex.jpg'), {
      width: 2000,
      height: 3000,
      seed,
      type: 'image/jpeg',
    });
    // Listened for before any key: Playwright takes the file chooser over only
    // once it is listened for, and a key pressed sooner opens the system's own.
    const chooser = page.waitForEvent('filechooser');
    const picker = await addFormPicker(page);
    await expect(picker.getByText('No photo yet.')).toBeVisible();
    await addForm(page).getByLabel('Notes', { exact: true }).focus();
    await page.keyboard.press('Tab');
    const chooseButton = picker.getByRole('button', { name: 'Choose a photo…' });
    await expect(chooseButton).toBeFocused();
    await page.keyboard.press('Enter');
    const fileChooser = await chooser;
    expect(fileChooser.isMultiple()).toBe(false);
    await expect(picker.locator('input[type="file"]')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp,image/heic,.heic',
    );
    await fileChooser.setFiles(file);

    await expect(picker.getByRole('status')).toHaveText('Photo ready: 533 × 800 pixels.');
    const preview = picker.getByRole('img', { name: PREVIEW });
    await expect(preview).toBeVisible();
    // Shown from its object URL, which the app's policy lets images load from.
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() =>
        preview.evaluate((img) => (img as unknown as { naturalHeight: number }).naturalHeight),
      )
      .toBe(800);
    await expect(picker.getByRole('button', { name: 'Remove photo' })).toBeVisible();
    const url = (await preview.getAttribute('src')) ?? '';

    await addAnimal(app, name);
    await expect(preview).toHaveCount(0);
    await expect(picker.getByText('No photo yet.')).toBeVisible();
    expect(await stillLoads(page, url)).toBe(false);
    const [photo] = await storedPhotos(page, 1);
    expect(photo).toMatchObject({ width: 533, height: 800 });
  });

  test('says why a file is refused, and keeps the photo and the rest of the form', async ({
    app,
    page,
    seed,
  }, testInfo) => {
    await openApp(app);
    const [name = ''] = uniqueNames('Refused', 1);
    const good = await photoFile(page, testInfo.outputPath('good.jpg'), {
      width: 1600,
      height: 1200,
      seed,
      type: 'image/jpeg',
    });
    const file = async (fileName: string, bytes: Buffer): Promise<string> => {
      const path = testInfo.outputPath(fileName);
      await writeFile(path, bytes);
      return path;
    };
    // A JPEG's first bytes, then zeros past the 20 MB limit: refused on its size alone.
    const huge = await file(
      'huge.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(21 * 1024 * 1024)]),
    );
    const damaged = await file(
      'damaged.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 3)]),
    );
    const gif = await file(
      'one-pixel.gif',
      Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    );
    const text = await file('notes.jpg', TEXT);
    const heic = await file('IMG_0001.heic', HEIC);

    const picker = await addFormPicker(page);
    const form = addForm(page);
    await app.nameInput().fill(name);
    await app.categoryInput().fill('2');
    await form.getByLabel('Kennel', { exact: true }).fill('Dogs B3');
    await choose(picker, good);
    await expect(picker.getByRole('status')).toHaveText('Photo ready: 800 × 600 pixels.');
    const preview = picker.getByRole('img', { name: PREVIEW });
    const src = (await preview.getAttribute('src')) ?? '';

    const alert = picker.getByRole('alert');
    const refusals: [string, RegExp][] = [
      [huge, /^This file is larger than 20 MB, so Kennel did not open it\./],
      [text, /^This file is not a photo\./],
      [heic, /^Kennel cannot read this photo\./],
      [damaged, /^Kennel cannot read this photo\./],
      [gif, /^Kennel cannot read this photo\./],
    ];
    for (const [path, sentence] of refusals) {
      await choose(picker, path);
      await expect(alert, path).toHaveText(sentence);
      if (path !== huge) await expect(alert, path).toHaveText(FORMATS);
      await expect(preview, path).toHaveAttribute('src', src);
      await expect(app.nameInput()).toHaveValue(name);
      await expect(app.categoryInput()).toHaveValue('2');
      await expect(form.getByLabel('Kennel', { exact: true })).toHaveValue('Dogs B3');
    }
    await expect(
      picker.getByRole('button', { name: 'Choose a photo…' }),
    ).toHaveAccessibleDescription(/^Kennel cannot read this photo\./);

    // The photo held before the refusals is the one the animal keeps.
    await app.addButton().click();
    await expect(app.nameInput()).toHaveValue('');
    const [photo] = await storedPhotos(page, 1);
    expect(photo).toMatchObject({ width: 800, height: 600 });
    const { records } = await readStoredRecords(page);
    expect(records.find((r) => r.key === photo?.key)).toMatchObject({
      kennel: 'Dogs B3',
      hasPhoto: 1,
    });

    // The next good file clears the refusal.
    await choose(picker, huge);
    await expect(alert).toBeVisible();
    await choose(picker, good);
    await expect(alert).toHaveCount(0);
    await expect(picker.getByRole('status')).toHaveText('Photo ready: 800 × 600 pixels.');
  });

  test('lets go of each preview it replaces, and Remove photo leaves the focus on Choose', async ({
    app,
    page,
    seed,
  }, testInfo) => {
    await openApp(app);
    const [name = ''] = uniqueNames('Removed', 1);
    const first = await photoFile(page, testInfo.outputPath('first.png'), {
      width: 640,
      height: 480,
      seed,
      type: 'image/png',
    });
    const second = await photoFile(page, testInfo.outputPath('second.webp'), {
      width: 480,
      height: 640,
      seed: seed + 1,
      type: 'image/webp',
    });
    const picker = await addFormPicker(page);
    const preview = picker.getByRole('img', { name: PREVIEW });

    await choose(picker, first);
    await expect(picker.getByRole('status')).toHaveText('Photo ready: 640 × 480 pixels.');
    const firstUrl = (await preview.getAttribute('src')) ?? '';
    expect(await stillLoads(page, firstUrl)).toBe(true);

    await choose(picker, second);
    await expect(picker.getByRole('status')).toHaveText('Photo ready: 480 × 640 pixels.');
    const secondUrl = (await preview.getAttribute('src')) ?? '';
    expect(secondUrl).not.toBe(firstUrl);
    expect(await stillLoads(page, secondUrl)).toBe(true);
    expect(await stillLoads(page, firstUrl)).toBe(false);

    await picker.getByRole('button', { name: 'Remove photo' }).focus();
    await page.keyboard.press('Enter');
    await expect(preview).toHaveCount(0);
    await expect(picker.getByText('No photo yet.')).toBeVisible();
    await expect(picker.getByRole('status')).toHaveText('Photo removed.');
    await expect(picker.getByRole('button', { name: 'Choose a photo…' })).toBeFocused();
    await expect(picker.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);
    expect(await stillLoads(page, secondUrl)).toBe(false);

    // Added now, the animal's record has no photo.
    await addForm(page).getByLabel('Kennel', { exact: true }).fill('Cats A2');
    await addAnimal(app, name);
    await expect
      .poll(async () => (await readStoredRecords(page)).records.map((r) => r.kennel))
      .toEqual(['Cats A2']);
    const { records, photos } = await readStoredRecords(page);
    expect(records[0]?.hasPhoto).not.toBe(1);
    expect(photos).toEqual([]);
  });

  test('speaks Spanish', async ({ app, page }, testInfo) => {
    await openApp(app);
    await chooseLook(page, { language: 'es' });
    const text = testInfo.outputPath('notas.jpg');
    await writeFile(text, TEXT);
    const picker = await addFormPicker(page, 'es');
    const chooser = page.waitForEvent('filechooser');
    await picker.getByRole('button', { name: 'Elegir una foto…' }).click();
    await (await chooser).setFiles(text);
    await expect(picker.getByRole('alert')).toHaveText(
      'Este archivo no es una foto. Elija una foto JPEG, PNG o WebP.',
    );
    await expect(picker.getByText(words('es', 'photo', 'none'))).toBeVisible();
    await expect(picker.getByRole('button', { name: 'Hacer una foto' })).toBeVisible();
  });
});

test.describe('the camera view', () => {
  test('takes a photo by keyboard, without EXIF, and lets go of the camera', async ({
    app,
    page,
  }) => {
    await page.addInitScript({ content: RECORD_STREAMS });
    await openApp(app);
    const [name = ''] = uniqueNames('Camera', 1);
    const picker = await addFormPicker(page);
    const takeButton = picker.getByRole('button', { name: 'Take a photo' });
    await takeButton.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Take a photo' });
    await expect(dialog).toBeVisible();
    const shoot = dialog.getByRole('button', { name: 'Take photo' });
    await expect(shoot).toBeFocused();
    await expect(shoot).not.toHaveAttribute('aria-disabled');
    await expect(tracks(page)).resolves.toEqual([{ kind: 'video', state: 'live' }]);
    await page.keyboard.press('Enter');

    await expect(dialog).toHaveCount(0);
    await expect(takeButton).toBeFocused();
    await expect(picker.getByRole('status')).toHaveText(/^Photo ready: \d+ × \d+ pixels\.$/);
    await expect(picker.getByRole('img', { name: PREVIEW })).toBeVisible();
    await expect.poll(() => tracks(page)).toEqual([{ kind: 'video', state: 'ended' }]);

    await addAnimal(app, name);
    const [photo] = await storedPhotos(page, 1);
    expect(photo?.type).toBe('image/jpeg');
    expect(Math.max(photo?.width ?? 0, photo?.height ?? 0)).toBeGreaterThan(0);
    expect(Math.max(photo?.width ?? 0, photo?.height ?? 0)).toBeLessThanOrEqual(800);
    expect(markersBeforePicture(bytesOf(photo))).not.toContain(APP1);
    expect(bytesOf(photo).includes(EXIF_HEADER)).toBe(false);
  });

  test('closes on Escape with every track stopped and no photo taken', async ({ app, page }) => {
    await page.addInitScript({ content: RECORD_STREAMS });
    await openApp(app);
    const picker = await addFormPicker(page);
    const takeButton = picker.getByRole('button', { name: 'Take a photo' });
    await takeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Take a photo' });
    await expect(dialog.getByRole('button', { name: 'Take photo' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(takeButton).toBeFocused();
    await expect.poll(() => tracks(page)).toEqual([{ kind: 'video', state: 'ended' }]);
    await expect(picker.getByText('No photo yet.')).toBeVisible();
    await expect(picker.getByRole('img', { name: PREVIEW })).toHaveCount(0);

    // Opened again, the camera starts again; Cancel closes it too.
    await takeButton.click();
    await expect(dialog.getByRole('button', { name: 'Take photo' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect
      .poll(() => tracks(page))
      .toEqual([
        { kind: 'video', state: 'ended' },
        { kind: 'video', state: 'ended' },
      ]);
    await expect(picker.getByText('No photo yet.')).toBeVisible();
  });

  test.describe('without permission', () => {
    test.use({ permissions: [] });

    test('says the camera is not allowed, and how to go on', async ({ app, page }) => {
      await openApp(app);
      const picker = await addFormPicker(page);
      const takeButton = picker.getByRole('button', { name: 'Take a photo' });
      await takeButton.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Take a photo' });
      await expect(dialog.getByRole('alert')).toHaveText(
        /^Kennel is not allowed to use the camera\..*choose a photo from a file instead\.$/,
      );
      await expect(dialog.getByRole('button', { name: 'Take photo' })).toHaveCount(0);
      const close = dialog.getByRole('button', { name: 'Close' });
      await expect(close).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      await expect(takeButton).toBeFocused();
    });
  });

  test('says there is no camera when the computer has none', async ({ webHost }) => {
    // Without Chromium's fake camera, this machine has none to offer.
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const context = await browser.newContext({
        permissions: ['camera'],
        viewport: { width: 1280, height: 900 },
      });
      const app = new KennelApp(await context.newPage(), webHost.url);
      await openApp(app);
      const picker = await addFormPicker(app.page);
      await picker.getByRole('button', { name: 'Take a photo' }).click();
      const dialog = app.page.getByRole('dialog', { name: 'Take a photo' });
      await expect(dialog.getByRole('alert')).toHaveText(/^No camera was found on this computer\./);
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    } finally {
      await browser.close();
    }
  });
});

test('axe finds nothing on the picker and the camera view, in either theme', async ({
  app,
  page,
  seed,
}, testInfo) => {
  await openApp(app);
  const good = await photoFile(page, testInfo.outputPath('good.jpg'), {
    width: 1200,
    height: 900,
    seed,
    type: 'image/jpeg',
  });
  const text = testInfo.outputPath('notes.jpg');
  await writeFile(text, TEXT);
  for (const theme of ['light', 'dark'] as const) {
    await chooseLook(page, { theme });
    const picker = await addFormPicker(page);
    await choose(picker, good);
    await expect(picker.getByRole('status')).toHaveText('Photo ready: 800 × 600 pixels.');
    await choose(picker, text);
    await expect(picker.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page, `photo picker, a photo and a refusal (${theme})`);

    await picker.getByRole('button', { name: 'Take a photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take a photo' });
    await expect(dialog.getByRole('button', { name: 'Take photo' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await expectNoAxeViolations(page, `camera view (${theme})`);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});

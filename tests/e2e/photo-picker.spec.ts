import { writeFile } from 'node:fs/promises';
import { chromium, expect, test as base, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../helpers/chromium';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import {
  APP1,
  EXIF_CAMERA,
  EXIF_HEADER,
  exifSegment,
  markersBeforePicture,
  withSegment,
} from '../helpers/e2e/jpeg-exif';
import { startPhotoPage, type PhotoPage } from '../helpers/photo-page';
import { seedFor } from '../helpers/seed';
import type { DrawnPhoto, PhotoPageApi } from '../pages/photo/page-api';

/**
 * A record's photo in real Chromium: the shrink pipeline and its worker, the
 * photo picker and the camera view (Chromium's fake camera), on the photo's
 * test page (`tests/pages/photo/`), which the web host serves under the app's
 * own security policy. The picker is on none of the app's screens yet; the
 * form that takes it in will be tested through the app.
 */

const test = base.extend<object, { photoPage: PhotoPage }>({
  photoPage: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, use) => {
      const page = await startPhotoPage();
      await use(page);
      await page.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

const FAKE_CAMERA = '--use-fake-device-for-media-stream';
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...(chromiumLaunchOptions.args ?? []), FAKE_CAMERA],
  },
  permissions: ['camera'],
});

const TARGET_BYTES = 110 * 1024;
const FORMATS = /JPEG, PNG or WebP/;

/** A camera track as the tests read it. */
interface Track {
  kind: string;
  readyState: string;
}

// Only read inside functions that run in the page.
declare const window: {
  photoPage: PhotoPageApi;
  workersStarted: string[];
  cameraStreams: { getTracks(): Track[] }[];
};

async function open(page: Page, url: string, query = ''): Promise<void> {
  await page.goto(`${url}${query}`);
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
}

/** Draws a photo in the page and keeps it there as `name`. */
async function draw(page: Page, name: string, photo: DrawnPhoto): Promise<number> {
  return page.evaluate(([key, drawn]) => window.photoPage.draw(key, drawn), [name, photo] as const);
}

async function bytesOf(page: Page, name: string): Promise<Buffer> {
  const base64 = await page.evaluate((key) => window.photoPage.bytesOf(key), name);
  return Buffer.from(base64, 'base64');
}

async function keep(page: Page, name: string, bytes: Buffer, type: string): Promise<void> {
  await page.evaluate(([key, base64, kind]) => window.photoPage.keep(key, base64, kind), [
    name,
    bytes.toString('base64'),
    type,
  ] as const);
}

function shrink(page: Page, name: string) {
  return page.evaluate((key) => window.photoPage.shrink(key), name);
}

function inspect(page: Page, base64: string, x = 0, y = 0) {
  return page.evaluate(([data, px, py]) => window.photoPage.inspect(data, px, py), [
    base64,
    x,
    y,
  ] as const);
}

function picked(page: Page) {
  return page.evaluate(() => window.photoPage.picked());
}

/** A photo drawn in the page, written to a file the file chooser can pick. */
async function photoFile(page: Page, path: string, photo: DrawnPhoto): Promise<string> {
  await draw(page, path, photo);
  await writeFile(path, await bytesOf(page, path));
  return path;
}

/** The first bytes of a HEIC photo from a phone, which Chromium has no decoder for. */
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
  Buffer.alloc(2048, 7),
]);
const TEXT = Buffer.from('Name,Category,Status\nRex,Dogs,available\n');

async function choose(page: Page, path: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a photo…' }).click();
  await (await chooser).setFiles(path);
}

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

/** A Worker that never starts, as one the browser refuses: it only reports an error. */
const NO_WORKERS = `window.Worker = class extends EventTarget {
  constructor() {
    super();
    setTimeout(() => this.dispatchEvent(new Event('error')));
  }
  postMessage() {}
  terminate() {}
};`;

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

/** Whether `url` still shows as an image: false once its object URL was let go. */
function stillLoads(page: Page, url: string): Promise<boolean> {
  return page.evaluate((src) => window.photoPage.loads(src), url);
}

test.describe('the shrink pipeline', () => {
  test('brings a 12-megapixel photo to at most 800 px and about 100 KB, in a worker', async ({
    page,
    photoPage,
  }, testInfo) => {
    await page.addInitScript({ content: RECORD_WORKERS });
    await open(page, photoPage.url);
    const seed = seedFor(testInfo.title);
    const original = await draw(page, 'big', {
      width: 4000,
      height: 3000,
      seed,
      type: 'image/jpeg',
    });
    expect(original).toBeGreaterThan(1_000_000);
    const result = await shrink(page, 'big');
    if (!result.ok) throw new Error(`refused: ${result.problem}`);
    const { photo } = result;
    expect(photo).toMatchObject({ type: 'image/jpeg', width: 800, height: 600 });
    expect(photo.bytes).toBeLessThanOrEqual(TARGET_BYTES);
    expect(photo.bytes).toBe(Buffer.from(photo.base64, 'base64').length);
    await expect(inspect(page, photo.base64)).resolves.toMatchObject({ width: 800, height: 600 });
    const started = await page.evaluate(() => window.workersStarted);
    expect(started.filter((url) => /shrink-worker/.test(url))).toHaveLength(1);
  });

  test('drops EXIF and location, and turns the photo as its EXIF said', async ({
    page,
    photoPage,
  }, testInfo) => {
    await open(page, photoPage.url);
    await draw(page, 'plain', {
      width: 400,
      height: 200,
      seed: seedFor(testInfo.title),
      type: 'image/jpeg',
    });
    // Orientation 6: the camera was held on its side; shown turned a quarter clockwise.
    const tagged = withSegment(await bytesOf(page, 'plain'), exifSegment(6));
    expect(markersBeforePicture(tagged)).toContain(APP1);
    expect(tagged.includes(EXIF_HEADER)).toBe(true);
    expect(tagged.includes(Buffer.from(EXIF_CAMERA))).toBe(true);
    await keep(page, 'tagged', tagged, 'image/jpeg');
    const result = await shrink(page, 'tagged');
    if (!result.ok) throw new Error(`refused: ${result.problem}`);
    expect(result.photo).toMatchObject({ width: 200, height: 400 });
    const out = Buffer.from(result.photo.base64, 'base64');
    expect(markersBeforePicture(out)).not.toContain(APP1);
    expect(out.includes(EXIF_HEADER)).toBe(false);
    expect(out.includes(Buffer.from(EXIF_CAMERA))).toBe(false);
  });

  test('puts a transparent PNG on white, and takes WebP', async ({ page, photoPage }, testInfo) => {
    await open(page, photoPage.url);
    const seed = seedFor(testInfo.title);
    await draw(page, 'png', {
      width: 1200,
      height: 900,
      seed,
      type: 'image/png',
      transparentLeft: true,
    });
    const png = await shrink(page, 'png');
    if (!png.ok) throw new Error(`refused: ${png.problem}`);
    expect(png.photo).toMatchObject({ type: 'image/jpeg', width: 800, height: 600 });
    const { rgba } = await inspect(page, png.photo.base64, 100, 300);
    for (const channel of rgba) expect(channel).toBeGreaterThanOrEqual(250);

    await draw(page, 'webp', { width: 900, height: 1200, seed, type: 'image/webp' });
    const webp = await shrink(page, 'webp');
    expect(webp).toMatchObject({ ok: true, photo: { width: 600, height: 800 } });
  });

  test('refuses what is no photo it can read, and says which', async ({ page, photoPage }) => {
    await open(page, photoPage.url);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 3)]);
    const cases: [string, Buffer, string, string][] = [
      ['a text file named .jpg', TEXT, 'image/jpeg', 'not-an-image'],
      ['a HEIC photo', HEIC, 'image/heic', 'unreadable'],
      ['a damaged JPEG', damaged, 'image/jpeg', 'unreadable'],
      ['a GIF', gif, 'image/gif', 'unreadable'],
    ];
    for (const [what, bytes, type, problem] of cases) {
      await keep(page, what, bytes, type);
      expect(await shrink(page, what), what).toEqual({ ok: false, problem });
    }
  });

  test('still shrinks on the window’s thread when no worker starts', async ({
    page,
    photoPage,
  }, testInfo) => {
    await page.addInitScript({ content: NO_WORKERS });
    await open(page, photoPage.url);
    await draw(page, 'photo', {
      width: 1600,
      height: 1200,
      seed: seedFor(testInfo.title),
      type: 'image/jpeg',
    });
    const result = await shrink(page, 'photo');
    expect(result).toMatchObject({ ok: true, photo: { width: 800, height: 600 } });
  });
});

test.describe('the photo picker', () => {
  test('takes a photo chosen by keyboard and shows it', async ({ page, photoPage }, testInfo) => {
    await open(page, photoPage.url);
    const file = await photoFile(page, testInfo.outputPath('rex.jpg'), {
      width: 3000,
      height: 2000,
      seed: seedFor(testInfo.title),
      type: 'image/jpeg',
    });
    await expect(page.getByText('No photo yet.')).toBeVisible();
    await page.getByLabel('Name').focus();
    await page.keyboard.press('Tab');
    const chooseButton = page.getByRole('button', { name: 'Choose a photo…' });
    await expect(chooseButton).toBeFocused();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    const fileChooser = await chooser;
    expect(fileChooser.isMultiple()).toBe(false);
    await expect(page.locator('input[type="file"]')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp,image/heic,.heic',
    );
    await fileChooser.setFiles(file);

    await expect(page.getByRole('status')).toHaveText('Photo ready: 800 × 533 pixels.');
    const preview = page.getByRole('img', { name: 'The photo chosen for this animal' });
    await expect(preview).toBeVisible();
    // Shown from its object URL, which the app's policy lets images load from.
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() =>
        preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBe(800);
    await expect(picked(page)).resolves.toMatchObject({
      type: 'image/jpeg',
      width: 800,
      height: 533,
    });
    await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  });

  test('says why a file is refused, and keeps the photo and the rest of the form', async ({
    page,
    photoPage,
  }, testInfo) => {
    await open(page, photoPage.url);
    const good = await photoFile(page, testInfo.outputPath('good.jpg'), {
      width: 1600,
      height: 1200,
      seed: seedFor(testInfo.title),
      type: 'image/jpeg',
    });
    // A JPEG's first bytes, then zeros past the 20 MB limit: refused on its size alone.
    const huge = testInfo.outputPath('huge.jpg');
    await writeFile(
      huge,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(21 * 1024 * 1024)]),
    );
    const text = testInfo.outputPath('notes.jpg');
    await writeFile(text, TEXT);
    const heic = testInfo.outputPath('IMG_0001.heic');
    await writeFile(heic, HEIC);

    await page.getByLabel('Name').fill('Rex');
    await choose(page, good);
    await expect(page.getByRole('status')).toHaveText('Photo ready: 800 × 600 pixels.');
    const before = await picked(page);
    const preview = page.getByRole('img', { name: 'The photo chosen for this animal' });
    const src = await preview.getAttribute('src');

    const alert = page.getByRole('alert');
    const refusals: [string, RegExp][] = [
      [huge, /^This file is larger than 20 MB, so Kennel did not open it\./],
      [text, /^This file is not a photo\./],
      [heic, /^Kennel cannot read this photo\./],
    ];
    for (const [file, sentence] of refusals) {
      await choose(page, file);
      await expect(alert, file).toHaveText(sentence);
      if (file !== huge) await expect(alert, file).toHaveText(FORMATS);
      expect(await picked(page), file).toEqual(before);
      await expect(preview).toHaveAttribute('src', src ?? '');
      await expect(page.getByLabel('Name')).toHaveValue('Rex');
    }
    await expect(page.getByRole('button', { name: 'Choose a photo…' })).toHaveAccessibleDescription(
      /^Kennel cannot read this photo\./,
    );

    await choose(page, good);
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveText('Photo ready: 800 × 600 pixels.');
  });

  test('lets go of each preview it replaces, and Remove photo leaves the focus on Choose', async ({
    page,
    photoPage,
  }, testInfo) => {
    await open(page, photoPage.url);
    const seed = seedFor(testInfo.title);
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
    const preview = page.getByRole('img', { name: 'The photo chosen for this animal' });

    await choose(page, first);
    await expect(page.getByRole('status')).toHaveText('Photo ready: 640 × 480 pixels.');
    const firstUrl = (await preview.getAttribute('src')) ?? '';
    expect(await stillLoads(page, firstUrl)).toBe(true);

    await choose(page, second);
    await expect(page.getByRole('status')).toHaveText('Photo ready: 480 × 640 pixels.');
    const secondUrl = (await preview.getAttribute('src')) ?? '';
    expect(secondUrl).not.toBe(firstUrl);
    expect(await stillLoads(page, secondUrl)).toBe(true);
    expect(await stillLoads(page, firstUrl)).toBe(false);

    await page.getByRole('button', { name: 'Remove photo' }).focus();
    await page.keyboard.press('Enter');
    await expect(preview).toHaveCount(0);
    await expect(page.getByText('No photo yet.')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Photo removed.');
    await expect(page.getByRole('button', { name: 'Choose a photo…' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);
    expect(await picked(page)).toBeNull();
    expect(await stillLoads(page, secondUrl)).toBe(false);
  });

  test('speaks Spanish', async ({ page, photoPage }, testInfo) => {
    await open(page, photoPage.url, '?lang=es');
    const text = testInfo.outputPath('notas.jpg');
    await writeFile(text, TEXT);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Elegir una foto…' }).click();
    await (await chooser).setFiles(text);
    await expect(page.getByRole('alert')).toHaveText(
      'Este archivo no es una foto. Elija una foto JPEG, PNG o WebP.',
    );
    await expect(page.getByRole('button', { name: 'Hacer una foto' })).toBeVisible();
  });
});

test.describe('the camera view', () => {
  test('takes a photo by keyboard and lets go of the camera', async ({ page, photoPage }) => {
    await page.addInitScript({ content: RECORD_STREAMS });
    await open(page, photoPage.url);
    const takeButton = page.getByRole('button', { name: 'Take a photo' });
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
    await expect(page.getByRole('status')).toHaveText(/^Photo ready: \d+ × \d+ pixels\.$/);
    const photo = await picked(page);
    expect(photo?.type).toBe('image/jpeg');
    expect(Math.max(photo?.width ?? 0, photo?.height ?? 0)).toBeGreaterThan(0);
    expect(Math.max(photo?.width ?? 0, photo?.height ?? 0)).toBeLessThanOrEqual(800);
    expect(Buffer.from(photo?.base64 ?? '', 'base64').includes(EXIF_HEADER)).toBe(false);
    await expect(page.getByRole('img', { name: 'The photo chosen for this animal' })).toBeVisible();
    await expect.poll(() => tracks(page)).toEqual([{ kind: 'video', state: 'ended' }]);
  });

  test('closes on Escape with every track stopped and the photo unchanged', async ({
    page,
    photoPage,
  }) => {
    await page.addInitScript({ content: RECORD_STREAMS });
    await open(page, photoPage.url);
    const takeButton = page.getByRole('button', { name: 'Take a photo' });
    await takeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Take a photo' });
    await expect(dialog.getByRole('button', { name: 'Take photo' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(takeButton).toBeFocused();
    await expect.poll(() => tracks(page)).toEqual([{ kind: 'video', state: 'ended' }]);
    expect(await picked(page)).toBeNull();

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
  });

  test.describe('without permission', () => {
    test.use({ permissions: [] });

    test('says the camera is not allowed, and how to go on', async ({ page, photoPage }) => {
      await open(page, photoPage.url);
      const takeButton = page.getByRole('button', { name: 'Take a photo' });
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

  test('says there is no camera when the computer has none', async ({ photoPage }) => {
    // Without Chromium's fake camera, this machine has none to offer.
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const context = await browser.newContext({ permissions: ['camera'] });
      const page = await context.newPage();
      await open(page, photoPage.url);
      await page.getByRole('button', { name: 'Take a photo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Take a photo' });
      await expect(dialog.getByRole('alert')).toHaveText(/^No camera was found on this computer\./);
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    } finally {
      await browser.close();
    }
  });
});

test('axe finds nothing on the picker and the camera view, in either theme', async ({
  page,
  photoPage,
}, testInfo) => {
  for (const theme of ['light', 'dark'] as const) {
    await open(page, photoPage.url, `?theme=${theme}`);
    const good = await photoFile(page, testInfo.outputPath(`${theme}.jpg`), {
      width: 1200,
      height: 900,
      seed: seedFor(`${testInfo.title} ${theme}`),
      type: 'image/jpeg',
    });
    const text = testInfo.outputPath(`${theme}.txt.jpg`);
    await writeFile(text, TEXT);
    await choose(page, good);
    await expect(page.getByRole('status')).toHaveText('Photo ready: 800 × 600 pixels.');
    await choose(page, text);
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page, 'photo picker, a photo and a refusal');

    await page.getByRole('button', { name: 'Take a photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take a photo' });
    await expect(dialog.getByRole('button', { name: 'Take photo' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await expectNoAxeViolations(page, 'camera view');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});

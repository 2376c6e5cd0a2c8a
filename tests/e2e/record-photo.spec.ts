import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../helpers/chromium';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { hasRasterImages, readPdfPages } from '../helpers/e2e/pdf-codes';
import { addForm, detailsDrawer, heldList } from '../helpers/e2e/panes';
import { openRecordFields } from '../helpers/e2e/record-form';
import { readStoredRecords } from '../helpers/e2e/stored-records';

/**
 * The intake record's photo through the add form: a photo the test draws
 * itself, chosen from a file, and one from Chromium's fake camera; each
 * shrunk, kept with its animal, moved to its ID when sent, and shown in its
 * details. A file that is no photo is refused and nothing typed is lost.
 */

const HOLD_SECONDS = 120;

test.use({
  viewport: { width: 1280, height: 900 },
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...(chromiumLaunchOptions.args ?? []), '--use-fake-device-for-media-stream'],
  },
  permissions: ['camera'],
});

test.describe('the intake record’s photo', () => {
  test('a photo from a file and one from the camera: shrunk, kept with the animal, shown in its details', async ({
    app,
    page,
    service,
  }, testInfo) => {
    app.holdSeconds = HOLD_SECONDS;
    await app.openWithKey(KEYS.pro);
    const [fromFile, fromCamera] = uniqueNames('Photo', 2);
    if (fromFile === undefined || fromCamera === undefined) throw new Error('names');
    const big = testInfo.outputPath('big-photo.jpg');
    await writeFile(big, await drawnJpeg(page, 3000, 2000));
    const notAPhoto = testInfo.outputPath('notes.jpg');
    await writeFile(notAPhoto, 'Name,Category\nRex,2\n');

    const form = await openRecordFields(page);
    await app.nameInput().fill(fromFile);
    await app.categoryInput().fill('2');
    await form.getByLabel('Kennel').fill('Cats A1');
    // A file that is no photo is refused in words; nothing typed is lost.
    await choosePhoto(page, notAPhoto);
    await expect(form.getByText(/JPEG, PNG or WebP/)).toBeVisible();
    await expect(app.nameInput()).toHaveValue(fromFile);
    await expect(form.getByLabel('Kennel')).toHaveValue('Cats A1');
    await choosePhoto(page, big);
    await expect(form.getByRole('status').filter({ hasText: 'Photo ready' })).toBeVisible();
    await app.categoryInput().press('Enter');
    await expect(heldList(page).getByRole('listitem')).toContainText(fromFile);

    await app.nameInput().fill(fromCamera);
    await app.categoryInput().fill('2');
    await form.getByRole('button', { name: 'Take a photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Take a photo' });
    const shoot = camera.getByRole('button', { name: 'Take photo' });
    // Live once the camera gives its first frame.
    await expect(shoot).not.toHaveAttribute('aria-disabled');
    await shoot.press('Enter');
    await expect(camera).toHaveCount(0);
    await expect(form.getByRole('status').filter({ hasText: 'Photo ready' })).toBeVisible();
    await app.categoryInput().press('Enter');
    await expect(heldList(page).getByRole('listitem')).toHaveCount(2);

    await expect.poll(async () => (await readStoredRecords(page)).photos.length).toBe(2);
    const { records, photos } = await readStoredRecords(page);
    for (const photo of photos) {
      expect(photo.type).toBe('image/jpeg');
      expect(Math.max(photo.width, photo.height)).toBeLessThanOrEqual(800);
      expect(photo.bytes).toBeLessThanOrEqual(110 * 1024);
      expect(records.find((r) => r.key === photo.key)?.hasPhoto).toBe(1);
    }
    expect(
      photos.map((p) => [p.width, p.height]),
      'the 3000 × 2000 file, shrunk to 800 px on its long side',
    ).toContainEqual([800, 533]);

    // Sent: the photo moves with the record and shows in the details.
    await page.getByRole('button', { name: 'Send all now' }).click();
    await expectEachOnService(service, [fromFile, fromCamera]);
    const id =
      service.state
        .pets()
        .find((p) => p.name === fromFile)
        ?.id.toString() ?? '';
    await expect
      .poll(async () => (await readStoredRecords(page)).photos.map((p) => p.key))
      .toContain(id);
    await app.rowNamed(fromFile).first().click();
    await expect(
      detailsDrawer(page).getByRole('img', { name: `Photo of ${fromFile}` }),
    ).toBeVisible();

    // Its kennel card carries the photo: the only raster image on it (the codes are vector).
    await page.evaluate(() => {
      (globalThis as unknown as { print: () => void }).print = () => {};
    });
    await detailsDrawer(page).getByRole('button', { name: 'Print card' }).click();
    await expect(page.getByTestId('card-sheet')).toBeAttached();
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(hasRasterImages(pdf), 'the photo on the card').toBe(true);
    const [card] = await readPdfPages(page.context(), pdf);
    expect(card?.code128).toBe(id);
  });
});

/** A photo the test draws itself: coloured bands and noise, as a JPEG of `width` × `height`. */
async function drawnJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      interface Context {
        fillStyle: string;
        fillRect(x: number, y: number, w: number, h: number): void;
      }
      interface Canvas {
        getContext(kind: '2d'): Context | null;
        convertToBlob(options: { type: string; quality: number }): Promise<Blob>;
      }
      const { OffscreenCanvas } = globalThis as unknown as {
        OffscreenCanvas: new (w: number, h: number) => Canvas;
      };
      const canvas = new OffscreenCanvas(w, h);
      const context = canvas.getContext('2d');
      if (context === null) throw new Error('no 2d context');
      for (let x = 0; x < w; x += 50) {
        context.fillStyle = `hsl(${(x / w) * 360}, 60%, 50%)`;
        context.fillRect(x, 0, 50, h);
      }
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

async function choosePhoto(page: Page, path: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await addForm(page).getByRole('button', { name: 'Choose a photo…' }).click();
  await (await chooser).setFiles(path);
}

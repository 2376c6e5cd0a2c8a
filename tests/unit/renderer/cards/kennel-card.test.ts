import { describe, expect, it } from 'vitest';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import type { CardFacts } from '../../../../src/cards/card-facts';
import KennelCard from '../../../../src/components/cards/KennelCard.vue';
import type { CardSize } from '../../../../src/data/card-size';
import type { StoredPhoto } from '../../../../src/data/intake-record';

/**
 * The kennel card as the print sheet draws it, rendered to HTML: the photo as
 * an image named for its animal, the record's facts, the hold in its own
 * large line; and without a record, the card it always was.
 */

const BARE: CardFacts = {
  key: '42',
  name: 'Bella',
  category: 'Dog',
  status: 'Available',
  id: '42',
  cameIn: null,
  chip: null,
  sex: null,
  age: null,
  kennel: null,
  holdDay: null,
  hasPhoto: false,
  profileMark: null,
  due: false,
};

const CODES = {
  barcode: '<svg viewBox="0 0 92 69"></svg>',
  modules: 46,
  qr: '<svg viewBox="0 0 1 1"></svg>',
};
/** A 1×1 JPEG would do as well: the card shows whatever the data URL holds. */
const PHOTO: StoredPhoto = {
  key: '42',
  dataUrl: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP//',
  width: 800,
  height: 600,
};

async function render(
  card: CardFacts,
  photo: StoredPhoto | null,
  size: CardSize = 'label-4x6',
): Promise<string> {
  const app = createSSRApp({ render: () => h(KennelCard, { card, codes: CODES, photo, size }) });
  return (await renderToString(app)).replace(/<!--[[\]]?-->/g, '');
}

/** The text a reader gets, tags dropped and spaces squeezed. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('a kennel card', () => {
  it('shows the photo named for its animal, the record’s facts and the hold in large type', async () => {
    const html = await render(
      {
        ...BARE,
        chip: '985 141 000 123 456',
        sex: 'Female, neutered',
        age: '2 years 3 months',
        cameIn: 'Stray on November 25, 2026',
        kennel: 'Dogs B3',
        holdDay: 'December 1, 2026',
        hasPhoto: true,
      },
      PHOTO,
    );
    expect(html).toMatch(
      /<img src="data:image\/jpeg;base64,\/9j\/4AAQSkZJRgABAQAAAQABAAD\/2wBDAP\/\/" width="800" height="600" alt="Photo of Bella">/,
    );
    expect(text(html)).toContain(
      'Category Dog Status Available Microchip 985 141 000 123 456 Sex Female, neutered ' +
        'Age 2 years 3 months Taken in Stray on November 25, 2026 Kennel Dogs B3 ' +
        'Stray hold until December 1, 2026 ID 42',
    );
    expect(html).toMatch(
      /<p class="card-hold">Stray hold until <strong class="card-hold-day">December 1, 2026<\/strong><\/p>/,
    );
    expect(html).toContain('class="kennel-card with-record"');
  });

  it('without a record or a photo, reads as it always did', async () => {
    const html = await render(BARE, null);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('card-hold');
    expect(html).not.toContain('with-record');
    expect(text(html)).toBe('Bella Category Dog Status Available ID 42');
  });

  it('says the ID is pending when the animal has none yet, photo or not', async () => {
    const html = await render({ ...BARE, id: null, hasPhoto: true }, PHOTO);
    expect(text(html)).toContain('ID pending: not sent to the service yet');
    expect(html).toContain('alt="Photo of Bella"');
  });
});

describe('a cage label', () => {
  const RECORDED: CardFacts = {
    ...BARE,
    chip: '985 141 000 123 456',
    sex: 'Female, neutered',
    age: '2 years 3 months',
    cameIn: 'Stray on November 25, 2026',
    kennel: 'Dogs B3',
    holdDay: 'December 1, 2026',
    hasPhoto: true,
  };

  it('on a Dymo label, holds the name, the barcode with its ID, the chip and the hold, no photo', async () => {
    const html = await render(RECORDED, PHOTO, 'dymo-89x36');
    expect(text(html)).toBe(
      'Bella ID 42 Microchip 985 141 000 123 456 Hold until December 1, 2026',
    );
    expect(html).toContain('class="kennel-card cage-label"');
    expect(html).toContain('aria-label="Barcode of ID 42"');
    // Sized by its modules, so each prints at the label's module width.
    expect(html).toContain('style="--modules:46;"');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('QR code');
  });

  it('on a Zebra label, also holds the category and the kennel', async () => {
    const html = await render(RECORDED, PHOTO, 'zebra-102x51');
    expect(text(html)).toBe(
      'Bella ID 42 Category Dog Microchip 985 141 000 123 456 Kennel Dogs B3 ' +
        'Hold until December 1, 2026',
    );
  });

  it('leaves out what was not recorded, and says a pending ID in short', async () => {
    const html = await render({ ...BARE, id: null }, null, 'dymo-89x36');
    expect(text(html)).toBe('Bella ID pending');
    expect(html).not.toContain('<dl');
  });
});

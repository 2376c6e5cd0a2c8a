import { describe, expect, it } from 'vitest';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import type { CardFacts } from '../../../../src/cards/card-facts';
import KennelCard from '../../../../src/components/cards/KennelCard.vue';
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

const CODES = { barcode: '<svg viewBox="0 0 1 1"></svg>', qr: '<svg viewBox="0 0 1 1"></svg>' };
/** A 1×1 JPEG would do as well: the card shows whatever the data URL holds. */
const PHOTO: StoredPhoto = {
  key: '42',
  dataUrl: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP//',
  width: 800,
  height: 600,
};

async function render(card: CardFacts, photo: StoredPhoto | null): Promise<string> {
  const app = createSSRApp({ render: () => h(KennelCard, { card, codes: CODES, photo }) });
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

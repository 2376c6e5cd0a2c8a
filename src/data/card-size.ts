/**
 * The size a profile prints its kennel cards at: a full card (a 4×6 in label
 * or A6) or a cage label for a label printer (a Dymo large address label,
 * 89×36 mm, or a Zebra 4×2 in label, 102×51 mm). Chosen per profile in
 * Settings and kept in the profile's `meta` table, because each profile's
 * desk may feed a different printer.
 */
import type { KennelDb } from './db';

export const CARD_SIZES = ['label-4x6', 'a6', 'dymo-89x36', 'zebra-102x51'] as const;
export type CardSize = (typeof CARD_SIZES)[number];

/** `meta` key of the profile's card size. */
const CARD_SIZE_META_KEY = 'cards.size';

export function isCardSize(value: unknown): value is CardSize {
  return (CARD_SIZES as readonly unknown[]).includes(value);
}

/** The profile's card size; undefined when it never chose one (or the stored one is damaged). */
export async function readCardSize(db: KennelDb): Promise<CardSize | undefined> {
  const row = await db.meta.get(CARD_SIZE_META_KEY);
  return isCardSize(row?.value) ? row.value : undefined;
}

/** Stores the profile's card size; its next cards print at it. */
export async function saveCardSize(db: KennelDb, size: CardSize): Promise<void> {
  await db.meta.put({ key: CARD_SIZE_META_KEY, value: size });
}

/** `meta` key of the printer the profile's cards go straight to, without the dialog. */
const CARD_PRINTER_META_KEY = 'cards.printer';

/**
 * The printer (its system name) the profile's cards print to without the
 * print dialog, in the desktop app; null to print through the dialog. A
 * printer of this computer: the desk file leaves it behind.
 */
export async function readCardPrinter(db: KennelDb): Promise<string | null> {
  const row = await db.meta.get(CARD_PRINTER_META_KEY);
  return typeof row?.value === 'string' && row.value !== '' ? row.value : null;
}

/** Remembers the printer for the profile's cards, or (null) goes back to the print dialog. */
export async function saveCardPrinter(db: KennelDb, printer: string | null): Promise<void> {
  if (printer === null) await db.meta.delete(CARD_PRINTER_META_KEY);
  else await db.meta.put({ key: CARD_PRINTER_META_KEY, value: printer });
}

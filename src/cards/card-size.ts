/**
 * The size of kennel cards: a 4×6 in label (the thermal label printers most
 * shelters have at intake) or A6 (a quarter of an A4 sheet). A choice of this
 * computer's printer, not of a profile: kept in the page's storage like the
 * theme.
 */
import { ref } from 'vue';
import { pageLocalStorage } from '../browser/page-storage';

export const CARD_SIZES = ['label-4x6', 'a6'] as const;
export type CardSize = (typeof CARD_SIZES)[number];

/** `localStorage` key of the size chosen in Settings. */
const CARD_SIZE_KEY = 'kennel.cardSize';

export function isCardSize(value: unknown): value is CardSize {
  return (CARD_SIZES as readonly unknown[]).includes(value);
}

function readSize(): CardSize {
  try {
    const stored = pageLocalStorage()?.getItem(CARD_SIZE_KEY);
    return isCardSize(stored) ? stored : 'label-4x6';
  } catch {
    return 'label-4x6';
  }
}

/** The size chosen in Settings, reactive for the form and the card sheet. */
export const cardSize = ref<CardSize>(readSize());

export function setCardSize(size: CardSize): void {
  cardSize.value = size;
  try {
    pageLocalStorage()?.setItem(CARD_SIZE_KEY, size);
  } catch {
    // The choice still holds until the app is closed.
  }
}

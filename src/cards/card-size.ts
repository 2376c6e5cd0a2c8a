/**
 * The card sizes as pages (`styles/cards.css` lays each out with its own
 * `@page`), and the size this computer used before the size became a choice
 * of each profile.
 */
import { pageLocalStorage } from '../browser/page-storage';
import { isCardSize, type CardSize } from '../data/card-size';

/** A page's width and height in millimetres, as `@page` gives them. */
export interface PageMm {
  widthMm: number;
  heightMm: number;
}

/** Each size's page, landscape for the cage labels as their printers feed them. */
export const CARD_PAGES: Record<CardSize, PageMm> = {
  'label-4x6': { widthMm: 101.6, heightMm: 152.4 },
  a6: { widthMm: 105, heightMm: 148 },
  'dymo-89x36': { widthMm: 89, heightMm: 36 },
  'zebra-102x51': { widthMm: 101.6, heightMm: 50.8 },
};

/** The size cards print at when neither the profile nor this computer chose one. */
const DEFAULT_CARD_SIZE: CardSize = 'label-4x6';

/**
 * `localStorage` key of the size this computer was set to when it was a
 * choice of the computer (the origin move still carries it).
 */
const COMPUTER_CARD_SIZE_KEY = 'kennel.cardSize';

/**
 * The size for a profile that never chose one: what this computer was set to
 * before, so nobody's choice is lost on upgrade, or the 4×6 in label.
 */
export function computerCardSize(): CardSize {
  try {
    const stored = pageLocalStorage()?.getItem(COMPUTER_CARD_SIZE_KEY);
    return isCardSize(stored) ? stored : DEFAULT_CARD_SIZE;
  } catch {
    return DEFAULT_CARD_SIZE;
  }
}

/** The facts a cage label holds besides the name and the ID, in the order they are read. */
export type LabelFact = 'category' | 'chip' | 'kennel' | 'hold';

/**
 * What each size of cage label has room for: the Dymo label the chip and the
 * hold, as the shelters asked; the Zebra label, twice as tall, also the
 * category and the kennel. Full cards (null) hold everything.
 */
export function labelFacts(size: CardSize): readonly LabelFact[] | null {
  if (size === 'dymo-89x36') return ['chip', 'hold'];
  if (size === 'zebra-102x51') return ['category', 'chip', 'kennel', 'hold'];
  return null;
}

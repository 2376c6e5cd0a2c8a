import { defineStore } from 'pinia';
import { computed } from 'vue';
import { computerCardSize } from '../cards/card-size';
import {
  readCardPrinter,
  readCardSize,
  saveCardPrinter,
  saveCardSize,
  type CardSize,
} from '../data/card-size';
import { useLiveQuery } from '../data/live-query';
import { useProfileStore } from './profile';

/**
 * The active profile's card size, kept live (a desk file taken in may bring
 * one), falling back to what this computer used before it was per profile;
 * and, in the desktop app, the printer its cards go to without the dialog.
 */
export const useCardSizeStore = defineStore('card-size', () => {
  const profile = useProfileStore();
  const stored = useLiveQuery({
    db: () => profile.db,
    source: () => profile.active,
    query: (db) => readCardSize(db),
    initial: undefined as CardSize | undefined,
  });

  const storedPrinter = useLiveQuery({
    db: () => profile.db,
    source: () => profile.active,
    query: (db) => readCardPrinter(db),
    initial: null as string | null,
  });

  const size = computed<CardSize>(() => stored.value.value ?? computerCardSize());
  /** The printer cards go to without the dialog; null: through the dialog. */
  const printer = computed(() => storedPrinter.value.value);

  /** The size as stored right now: what a print started this moment must use. */
  async function current(): Promise<CardSize> {
    return (await readCardSize(await profile.whenDb())) ?? computerCardSize();
  }

  /** Makes `size` the active profile's card size. */
  async function choose(chosen: CardSize): Promise<void> {
    await saveCardSize(await profile.whenDb(), chosen);
  }

  /** The printer as stored right now, for a print started this moment. */
  async function currentPrinter(): Promise<string | null> {
    return readCardPrinter(await profile.whenDb());
  }

  /** Remembers `name` as the printer for the active profile's cards; null: the dialog again. */
  async function choosePrinter(name: string | null): Promise<void> {
    await saveCardPrinter(await profile.whenDb(), name);
  }

  return { size, printer, current, currentPrinter, choose, choosePrinter };
});

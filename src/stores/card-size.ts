import { defineStore } from 'pinia';
import { computed } from 'vue';
import { computerCardSize } from '../cards/card-size';
import { readCardSize, saveCardSize, type CardSize } from '../data/card-size';
import { useLiveQuery } from '../data/live-query';
import { useProfileStore } from './profile';

/**
 * The active profile's card size, kept live (a desk file taken in may bring
 * one), falling back to what this computer used before it was per profile.
 */
export const useCardSizeStore = defineStore('card-size', () => {
  const profile = useProfileStore();
  const stored = useLiveQuery({
    db: () => profile.db,
    source: () => profile.active,
    query: (db) => readCardSize(db),
    initial: undefined as CardSize | undefined,
  });

  const size = computed<CardSize>(() => stored.value.value ?? computerCardSize());

  /** The size as stored right now: what a print started this moment must use. */
  async function current(): Promise<CardSize> {
    return (await readCardSize(await profile.whenDb())) ?? computerCardSize();
  }

  /** Makes `size` the active profile's card size. */
  async function choose(chosen: CardSize): Promise<void> {
    await saveCardSize(await profile.whenDb(), chosen);
  }

  return { size, current, choose };
});

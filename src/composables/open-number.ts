import { parseAnimalId } from '../animals/animal-id';
import { looksLikeIsoChip } from '../records/chip';
import { usePetsStore } from '../stores/pets';

/**
 * Opens what a number scanned or typed into Search names. Fifteen digits may
 * be a microchip as well as an ID, which the chip-first store settles (its
 * code is fetched on the first such number); any other number is an ID.
 * Returns false, doing nothing, for text that is neither.
 */
export function openNumber(typed: string): boolean {
  const pets = usePetsStore();
  const parsed = parseAnimalId(typed);
  if (!looksLikeIsoChip(typed)) {
    if (parsed.ok) void pets.findById(parsed.id);
    return parsed.ok;
  }
  import('../stores/chip-first').then(
    ({ useChipFirstStore }) => useChipFirstStore().lookUp(typed),
    // Without the chip's code the number is still an ID.
    () => {
      if (parsed.ok) void pets.findById(parsed.id);
    },
  );
  return true;
}

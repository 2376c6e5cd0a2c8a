import { defineStore } from 'pinia';
import { shallowRef, watch } from 'vue';
import { parseAnimalId } from '../animals/animal-id';
import { lookUpNumber, type NumberAnswer, type NumberMatch } from '../records/chip-first';
import { useIntakeStore } from './intake';
import { usePetsStore } from './pets';
import { useProfileStore } from './profile';

/** The question a number puts when it names no animal here, or more than one. */
export type ChipQuestion = Exclude<NumberAnswer, { kind: 'open' }>;

/**
 * Chip first (`records/chip-first.ts`): a 15-digit number scanned or typed in
 * Search opens the animal it names here, or asks which one, or offers to take
 * an animal in with that chip. The question stays until it is answered, put
 * aside, or another animal is opened.
 */
export const useChipFirstStore = defineStore('chipFirst', () => {
  const profile = useProfileStore();
  const pets = usePetsStore();
  const question = shallowRef<ChipQuestion | null>(null);
  let ticket = 0;

  /** Looks `typed` up as a chip and as an ID, and opens or asks. */
  async function lookUp(typed: string): Promise<void> {
    const mine = ++ticket;
    question.value = null;
    pets.closeDetail();
    let answer: NumberAnswer;
    try {
      answer = await lookUpNumber(await profile.whenDb(), typed);
    } catch {
      // The records cannot be read: the ID lookup says why the cache cannot.
      const parsed = parseAnimalId(typed);
      if (mine === ticket && parsed.ok) void pets.findById(parsed.id);
      return;
    }
    if (mine !== ticket) return;
    if (answer.kind === 'open') open(answer.match);
    else question.value = answer;
  }

  /** Opens one of the animals the number names. */
  function open(match: NumberMatch): void {
    question.value = null;
    if (match.row !== null) pets.openRow(match.row);
    else if (match.id !== null) void pets.findById(match.id);
  }

  /** Asks the service for the animal with the ID the number also is. */
  function lookUpId(id: string): void {
    question.value = null;
    void pets.findById(id);
  }

  /** Starts the add form's record with the chip filled in. */
  function takeIn(chip: string): void {
    question.value = null;
    useIntakeStore().startWithChip(chip);
  }

  function dismiss(): void {
    ticket += 1;
    question.value = null;
  }

  // Another animal opened (a row, a scanned card) or another profile: the question is over.
  watch(
    () => pets.detail,
    (detail) => {
      if (detail.kind !== 'none') dismiss();
    },
  );
  watch(() => profile.active, dismiss);

  return { question, lookUp, open, lookUpId, takeIn, dismiss };
});

/**
 * The animals, in memory, in id order, optionally mirrored to a data file after
 * every change.
 */
import { readDataFile, writeDataFile } from './data-file';
import { BIG_ID_START, INT64_MAX, SMALL_ID_START } from './ids';
import { seedPets } from './seed';
import type { StoredPet } from './types';

/** Options of {@link PetStore.open}. */
export interface StoreOptions {
  bigIds: boolean;
  seed: number;
  dataFile?: string;
}

/** What `create` needs: everything but the id. */
export type PetDraft = Omit<StoredPet, 'id'>;

/** One page of {@link PetStore.list}: the animals, and whether more match after them. */
export interface PetPage {
  pets: StoredPet[];
  more: boolean;
}

/** The store of animals. */
export class PetStore {
  readonly #pets = new Map<bigint, StoredPet>();
  #nextId: bigint;
  readonly #dataFile: string | undefined;

  private constructor(nextId: bigint, pets: StoredPet[], dataFile: string | undefined) {
    this.#nextId = nextId;
    this.#dataFile = dataFile;
    for (const pet of [...pets].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
      this.#pets.set(pet.id, pet);
    }
  }

  /** Loads the data file when there is one, otherwise seeds a fresh store (and writes it). */
  static open(options: StoreOptions): PetStore {
    if (!Number.isSafeInteger(options.seed) || options.seed < 0) {
      throw new RangeError('seed must be a whole number, 0 or more.');
    }
    const saved = options.dataFile ? readDataFile(options.dataFile) : null;
    if (saved) return new PetStore(saved.nextId, saved.pets, options.dataFile);
    const first = options.bigIds ? BIG_ID_START : SMALL_ID_START;
    const pets = seedPets(options.seed, first, options.bigIds ? BIG_ID_START : 1n);
    const store = new PetStore(first + BigInt(options.seed), pets, options.dataFile);
    store.#save();
    return store;
  }

  /**
   * Up to `limit` animals with the given status (any when undefined) and an id above `after`
   * (from the first when undefined), by ascending id. Ids only grow, so a page that starts
   * after the last id of the previous one neither skips nor repeats an animal, whatever was
   * created in between.
   */
  list(limit: number, status: string | undefined, after?: bigint): PetPage {
    const pets: StoredPet[] = [];
    for (const pet of this.#pets.values()) {
      if (after !== undefined && pet.id <= after) continue;
      if (status !== undefined && pet.status !== status) continue;
      if (pets.length >= limit) return { pets, more: true };
      pets.push({ ...pet });
    }
    return { pets, more: false };
  }

  get(id: bigint): StoredPet | null {
    const pet = this.#pets.get(id);
    return pet ? { ...pet } : null;
  }

  /** Adds an animal under the next id. */
  create(draft: PetDraft): StoredPet {
    if (this.#nextId > INT64_MAX) throw new RangeError('The id space is exhausted.');
    const pet: StoredPet = { id: this.#nextId, ...draft };
    this.#pets.set(pet.id, pet);
    this.#nextId += 1n;
    try {
      this.#save();
    } catch (error) {
      this.#pets.delete(pet.id);
      this.#nextId -= 1n;
      throw error;
    }
    return { ...pet };
  }

  /** Every animal in id order (copies). */
  all(): StoredPet[] {
    return [...this.#pets.values()].map((pet) => ({ ...pet }));
  }

  #save(): void {
    if (this.#dataFile) writeDataFile(this.#dataFile, { nextId: this.#nextId, pets: this.all() });
  }
}

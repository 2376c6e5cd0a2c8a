/**
 * Demo animals for a fresh store: varied names (including non-ASCII ones), six
 * categories and every status, some with no status at all since the field is
 * optional. Deterministic, so screenshots and tests see the same shelter.
 */
import type { StoredPet } from './types';

const NAMES = [
  'Biscuit',
  'Luna',
  'Max',
  'Zoë',
  'Pepper',
  'Señor Whiskers',
  'Mochi',
  'Rex',
  'Clover',
  'Ziggy',
  'Hazel',
  'Bruno',
  'Nala',
  'Otis',
  'Juniper',
  'Kiwi',
  'Bjørn',
  'Daisy',
  'Ollie',
  'Pickles',
  'Sir Fluffington III',
  'Ginger',
  'Tofu',
  'Marley',
  'Willow',
  'Ash',
  'Pudding',
  'Frida',
  'Captain Barkley',
  'Nori',
  'Sasha',
  'Waffles',
  'Ébène',
  'Milo',
  'Poppy',
  'Scout',
];
const STATUSES = ['available', 'pending', 'sold', 'available', undefined] as const;
const CATEGORIES = 6n;

/** `count` demo animals with ids from `firstId` and category ids from `firstCategory`. */
export function seedPets(count: number, firstId: bigint, firstCategory: bigint): StoredPet[] {
  const pets: StoredPet[] = [];
  for (let index = 0; index < count; index += 1) {
    const round = Math.floor(index / NAMES.length);
    const base = NAMES[index % NAMES.length] ?? 'Buddy';
    const pet: StoredPet = {
      id: firstId + BigInt(index),
      name: round === 0 ? base : `${base} ${round + 1}`,
      categoryId: firstCategory + (BigInt(index * 7) % CATEGORIES),
    };
    const status = STATUSES[index % STATUSES.length];
    if (status) pet.status = status;
    pets.push(pet);
  }
  return pets;
}

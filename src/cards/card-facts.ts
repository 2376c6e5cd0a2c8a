import type { ProfileName } from '../../electron/contract/profiles';
import { statusName } from '../animals/status-name';
import { categoryLabel, indexCategories, type CategoryIndex } from '../data/category-list';
import type { CachedPet } from '../data/db';
import type { IntakeRecord, LocalDay } from '../data/intake-record';
import { profileLabel } from '../format/profile';
import { t } from '../i18n';
import { addDays, startOfDay, subtractAge } from '../records/local-day';
import { ageWords, cameInWords, chipWords, dayWords, sexWords } from '../records/record-words';

/**
 * What a kennel card says, in the words of the rest of the app. Built only
 * from what Kennel holds: the service knows a name, a category number and a
 * status; the animal's intake record, and the day of intake, are known only
 * on this computer. Every fact of the record is null when it was not
 * recorded, so a card without a record reads as it always did.
 */
export interface CardFacts {
  key: string;
  name: string;
  category: string;
  status: string;
  /** The service's ID (decimal text, exact above 2^53); null while not sent yet. */
  id: string | null;
  /**
   * How and when it came in ("Stray on 26 November 2026"), from its record or
   * the moment it was typed here; null when nobody here knows.
   */
  cameIn: string | null;
  /** The microchip, grouped for reading ("985 141 000 123 456"). */
  chip: string | null;
  /** "Female, neutered". */
  sex: string | null;
  /** "2 years 3 months (estimated)", on the day the card is made. */
  age: string | null;
  kennel: string | null;
  /** The last day of a stray's hold, in words ("1 December 2026"), printed large. */
  holdDay: string | null;
  /** The animal has a photo on this computer. */
  hasPhoto: boolean;
  /** Said on every card of a profile that is not the shelter's real one; null in production. */
  profileMark: string | null;
  /** The card's ID arrived after intake and it has not been printed since. */
  due: boolean;
}

/** What a card's words depend on besides the animal. */
export interface CardContext {
  categories: CategoryIndex;
  profile: ProfileName;
  /** The day the card is made, for the animal's age. */
  today: LocalDay;
}

/** What a card is made from: a cached animal, or as much of one as a lookup gave. */
export type CardRow = Pick<CachedPet, 'key' | 'id' | 'name' | 'categoryId' | 'status' | 'pending'> &
  Partial<Pick<CachedPet, 'typedAt' | 'cardDue'>>;

export function cardFacts(
  row: CardRow,
  context: CardContext,
  record: IntakeRecord | undefined,
): CardFacts {
  const text = (value: string | undefined): string | null =>
    value === undefined || value.trim() === '' ? null : value;
  return {
    key: row.key,
    name: row.name,
    category: categoryLabel(row.categoryId, context.categories),
    status: statusName(row.status),
    id: row.pending === 1 ? null : row.id,
    cameIn: cameInWords(record?.intakeType, record?.intakeAt ?? row.typedAt),
    chip: record?.chip === undefined ? null : chipWords(record.chip),
    sex: sexWords(record?.sex, record?.neutered),
    age:
      record?.birthDate === undefined
        ? null
        : ageWords(record.birthDate, record.birthEstimated === true, context.today),
    kennel: text(record?.kennel),
    holdDay: record?.holdUntil === undefined ? null : dayWords(record.holdUntil),
    hasPhoto: record?.hasPhoto === 1,
    profileMark:
      context.profile === 'production'
        ? null
        : t('cards.card.notProduction', { profile: profileLabel(context.profile) }),
    due: row.cardDue === 1 && row.id !== null,
  };
}

/** The sample animal's ID: seven digits, as long as most shelters' IDs. */
const SAMPLE_ID = '1048576';

/**
 * The card of a sample animal, for the preview in Settings: a stray taken in
 * this morning with a chip, a kennel and a hold ending in three days, so every
 * part of a card shows, in the language staff chose.
 */
export function sampleCardFacts(profile: ProfileName, today: LocalDay): CardFacts {
  const row: CardRow = {
    key: 'sample',
    id: SAMPLE_ID,
    name: t('cards.preview.sampleName'),
    categoryId: '1',
    status: 'available',
    pending: 0,
  };
  const categories = indexCategories([{ id: '1', name: t('cards.preview.sampleCategory') }]);
  const record: IntakeRecord = {
    key: 'sample',
    chip: '985141000123456',
    sex: 'female',
    neutered: 'yes',
    birthDate: subtractAge(today, 2, 3),
    intakeType: 'stray',
    intakeAt: (startOfDay(today) ?? 0) + 9 * 3_600_000,
    kennel: t('cards.preview.sampleKennel'),
    holdUntil: addDays(today, 3),
    updatedAt: 0,
  };
  return cardFacts(row, { categories, profile, today }, record);
}

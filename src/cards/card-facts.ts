import type { ProfileName } from '../../electron/contract';
import { statusName } from '../animals/status-name';
import { categoryLabel, type CategoryIndex } from '../data/category-list';
import type { CachedPet } from '../data/db';
import { formatDay } from '../format/clock';
import { profileLabel } from '../format/profile';
import { t } from '../i18n';

/**
 * What a kennel card says, in the words of the rest of the app. Built only
 * from what Kennel holds: the service knows a name, a category number and a
 * status; the day of intake is known only for animals typed on this computer.
 */
export interface CardFacts {
  key: string;
  name: string;
  category: string;
  status: string;
  /** The service's ID (decimal text, exact above 2^53); null while not sent yet. */
  id: string | null;
  /** "26 November 2026" for an animal typed here; null when nobody here knows. */
  intakeDay: string | null;
  /** Said on every card of a profile that is not the shelter's real one; null in production. */
  profileMark: string | null;
  /** The card's ID arrived after intake and it has not been printed since. */
  due: boolean;
}

/** What a card's words depend on besides the animal. */
export interface CardContext {
  categories: CategoryIndex;
  profile: ProfileName;
}

/** What a card is made from: a cached animal, or as much of one as a lookup gave. */
export type CardRow = Pick<CachedPet, 'key' | 'id' | 'name' | 'categoryId' | 'status' | 'pending'> &
  Partial<Pick<CachedPet, 'typedAt' | 'cardDue'>>;

export function cardFacts(row: CardRow, context: CardContext): CardFacts {
  return {
    key: row.key,
    name: row.name,
    category: categoryLabel(row.categoryId, context.categories),
    status: statusName(row.status),
    id: row.pending === 1 ? null : row.id,
    intakeDay: row.typedAt === undefined ? null : formatDay(row.typedAt),
    profileMark:
      context.profile === 'production'
        ? null
        : t('cards.card.notProduction', { profile: profileLabel(context.profile) }),
    due: row.cardDue === 1 && row.id !== null,
  };
}

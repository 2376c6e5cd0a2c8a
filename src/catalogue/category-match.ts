/**
 * Which categories a search names, so the list finds animals by the category
 * it shows: by the profile's name for it ("dog" finds "Dog (2)"), and by its
 * number as the list writes it ("Category 3", "(3)", "3"). Names are read from
 * the list each time, so a rename in Settings counts from the next keystroke
 * without re-indexing any animal.
 */
import { categoryNumber, type CategoryIndex } from '../data/category-list';
import { t } from '../i18n';
import { foldText } from '../text/fold';

/** True for the categories (by number, as stored on an animal) a search names. */
export type CategoryTest = (categoryId: string) => boolean;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The category number `folded` names, or null: the number alone, in
 * brackets as beside a name, or after the word the list puts before an
 * unnamed number ("category 3", "categoria 3" in Spanish).
 */
function namedNumber(folded: string): string | null {
  const word = escapeRegExp(foldText(t('categories.text.unnamed', { n: '' })));
  const match = new RegExp(`^(?:${word} ?)?\\(?(\\d+)\\)?$`).exec(folded);
  return match?.[1] === undefined ? null : categoryNumber(match[1]);
}

/**
 * The test for the categories `search` finds, or null when it finds none.
 * A number matches that category only: "3" is not category 13 or 30, since a
 * number is read whole. Other text matches the categories whose name, or
 * name with its number ("dog (2)"), contains it, case and accents aside; the
 * word "Category" alone matches none, or every unnamed number would.
 */
export function categoryMatcher(search: string, categories: CategoryIndex): CategoryTest | null {
  const folded = foldText(search);
  if (folded === '') return null;
  const number = namedNumber(folded);
  const named = new Set<string>();
  for (const category of categories.list) {
    const name = foldText(category.name);
    const shown = number === null ? `${name} (${category.id})` : name;
    if (shown.includes(folded)) named.add(category.id);
  }
  if (number === null && named.size === 0) return null;
  // Animals carry a few distinct numbers: each is worked out once per search.
  const seen = new Map<string, boolean>();
  return (categoryId) => {
    let found = seen.get(categoryId);
    if (found === undefined) {
      const canonical = categoryNumber(categoryId) ?? categoryId;
      found = named.has(canonical) || canonical === number;
      seen.set(categoryId, found);
    }
    return found;
  };
}

/**
 * The animals on this computer by category, named as the list names them:
 * the profile's name for the number, or "Category N" for a number its list
 * does not name.
 */
import { categoryLabel, categoryNumber, type CategoryIndex } from '../data/category-list';

/** One category's line: its number (canonical), its name, and how many animals are in it. */
export interface CategoryCount {
  id: string;
  label: string;
  count: number;
}

/**
 * Counts `categoryIds` (one per animal) by category. "07" and "7" are the
 * same category, as everywhere else; an id that is not a number is counted
 * as it is written. Most animals first, then by name.
 */
export function countByCategory(
  categoryIds: Iterable<string>,
  names: CategoryIndex,
): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const raw of categoryIds) {
    const id = categoryNumber(raw) ?? raw.trim();
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts]
    .map(([id, count]) => ({ id, label: categoryLabel(id, names), count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/**
 * How a category is named in sentences for staff. Categories have no names
 * yet, so it is the number ("category 2"); every sentence goes through here so
 * that per-profile names ("Dog") can arrive in one place.
 */
export function categoryLabel(categoryId: string): string {
  return `category ${categoryId.trim()}`;
}

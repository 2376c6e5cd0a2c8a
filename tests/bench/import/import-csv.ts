/**
 * The spreadsheet the import part reads: a heading row (name,category,status)
 * and one row per animal, with category names from the profile's own list, as
 * a transfer from another shelter would come.
 */

/** The shelter's names for category numbers 1 to 12, the numbers the seeded cache uses. */
// prettier-ignore
const CATEGORY_NAMES = [
  'Dog', 'Cat', 'Rabbit', 'Guinea pig', 'Hamster', 'Ferret',
  'Parrot', 'Canary', 'Tortoise', 'Horse', 'Goat', 'Chicken',
] as const;

/** The `categories` rows of the profile database, as the app stores them. */
export function categoryRows(): { id: string; name: string }[] {
  return CATEGORY_NAMES.map((name, i) => ({ id: String(i + 1), name }));
}

// Written the ways staff write them: the rules fold case, and a status may be
// left empty.
const STATUSES = ['available', 'Pending', 'sold', ''] as const;

/** A row that names a cached animal, so the check against this computer has something to find. */
export interface LookAlike {
  name: string;
  categoryId: string;
}

/** The cells of a CSV row; a cell with a comma or quote is quoted. */
function csvLine(cells: readonly string[]): string {
  return cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
}

/**
 * A CSV file of `animals` rows after the heading row. Every row is a valid
 * animal whose name is found nowhere else, except the last one, which has the
 * name and category of `lookAlike` (an animal in the cache): until the
 * duplicate check has read the cache every row is ready, and afterwards one is
 * held back, so the summary line shows when that check is done.
 */
export function importCsv(animals: number, lookAlike: LookAlike): Buffer {
  const lines = [csvLine(['name', 'category', 'status'])];
  for (let i = 0; i < animals - 1; i++) {
    const category = CATEGORY_NAMES[i % CATEGORY_NAMES.length] as string;
    lines.push(
      csvLine([
        `Transfer ${String(i).padStart(6, '0')}`,
        // Some in another case, as typed in a spreadsheet; names fold.
        i % 5 === 0 ? category.toLowerCase() : category,
        STATUSES[i % STATUSES.length] as string,
      ]),
    );
  }
  const category = CATEGORY_NAMES[Number(lookAlike.categoryId) - 1];
  if (category === undefined) throw new Error(`no category name for ${lookAlike.categoryId}`);
  lines.push(csvLine([lookAlike.name, category, 'available']));
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** What the summary line reads once the rows are shown, and once they are checked against the cache. */
export function expectedSummaries(animals: number): { preview: string; checked: string } {
  const n = (count: number): string => count.toLocaleString('en');
  return {
    preview: `${n(animals)} ready to add.`,
    checked: `${n(animals - 1)} ready to add, 1 that looks like an animal already added.`,
  };
}

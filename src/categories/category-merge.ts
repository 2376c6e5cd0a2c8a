/**
 * What importing a category file does to the list, said before and after:
 * the names it would give twice, and how many categories it added and renamed.
 * The merge itself is {@link mergeLists}: a number in both takes the file's
 * name, new numbers are added, none is removed.
 */
import { foldText } from '../text/fold';
import { formatNumber } from '../format/clock';
import { t } from '../i18n';
import { mergeLists, type Category } from '../data/category-list';

/** How an import changes the list. */
export interface MergeSummary {
  merged: Category[];
  added: number;
  renamed: number;
}

/** The merged list and how many categories the file added and renamed. */
export function mergeSummary(
  current: readonly Category[],
  incoming: readonly Category[],
): MergeSummary {
  const names = new Map(current.map((c) => [c.id, c.name]));
  let added = 0;
  let renamed = 0;
  for (const category of incoming) {
    const before = names.get(category.id);
    if (before === undefined) added += 1;
    else if (before !== category.name) renamed += 1;
  }
  return { merged: mergeLists(current, incoming), added, renamed };
}

function count(n: number): string {
  return t('categories.merge.count', { n: formatNumber(n) }, n);
}

/** "Added 3 categories and renamed 1 category." */
export function mergeSentence({ added, renamed }: MergeSummary): string {
  if (added === 0 && renamed === 0) return t('categories.merge.nothing');
  if (renamed === 0) return t('categories.merge.added', { added: count(added) });
  if (added === 0) return t('categories.merge.renamed', { renamed: count(renamed) });
  return t('categories.merge.both', { added: count(added), renamed: count(renamed) });
}

/**
 * Names the merge would give to two numbers: the file names one number as
 * the list already names another that the file leaves alone. Empty when the
 * merge is a valid list.
 */
export function mergeProblems(
  current: readonly Category[],
  incoming: readonly Category[],
): string[] {
  const fromFile = new Set(incoming.map((c) => c.id));
  const holders = new Map<string, Category[]>();
  for (const category of mergeLists(current, incoming)) {
    const key = foldText(category.name);
    holders.set(key, [...(holders.get(key) ?? []), category]);
  }
  const problems: string[] = [];
  for (const group of holders.values()) {
    const kept = group.find((c) => !fromFile.has(c.id));
    const given = group.find((c) => fromFile.has(c.id));
    if (group.length < 2 || kept === undefined || given === undefined) continue;
    problems.push(
      t('categories.merge.conflict', { id: given.id, name: given.name, other: kept.id }),
    );
  }
  return problems;
}

/**
 * A profile's categories: the shelter's own names for the service's category
 * numbers. The spec shows only `categoryId`, so names never come from the
 * service; staff keep them in Settings, one list per profile. This module is
 * the list's rules, without Vue or the database.
 */
import { INT64_MAX, isPositiveInt64 } from '../../electron/contract/validate';
import { foldText } from '../text/fold';
import { t } from '../i18n';

/** One category: the service's number (canonical decimal string) and the shelter's name. */
export interface Category {
  id: string;
  name: string;
}

/** The longest name kept; longer is almost certainly a pasted paragraph. */
const CATEGORY_NAME_MAX = 60;

/**
 * The canonical category number `text` spells, or null: digits only, leading
 * zeros dropped ("007" is 7 to the service), 1 up to the service's largest.
 */
export function categoryNumber(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const canonical = trimmed.replace(/^0+(?=\d)/, '');
  return isPositiveInt64(canonical) ? canonical : null;
}

// Text that is meant as a number, though not one the service takes: read as a
// number (and told what is wrong with it), never looked up as a name.
const SIGNED_DIGITS = /^([+-]?)0*(\d+)$/;
const DECIMALS = /^[+-]?(\d+[.,]\d*|[.,]\d+)$/;
// "1,000" or "2.500": digits in groups of three, which one reader takes for a
// thousand and another for a fraction.
const GROUPED = /^[1-9]\d{0,2}([.,\u00a0 ]\d{3})+$/;

/**
 * Why `text`, written as a number, is not a category number the service
 * takes: too large for it, zero or below, with decimals or separators. Null
 * for a good number and for text that is not written as a number at all.
 */
export function categoryNumberProblem(text: string): string | null {
  const trimmed = text.trim();
  const signed = SIGNED_DIGITS.exec(trimmed);
  if (signed !== null) {
    const [, sign, digits = ''] = signed;
    if (digits === '0') return t('categories.rules.numberZero', { text: trimmed });
    if (sign === '-') return t('categories.rules.numberNegative', { text: trimmed });
    if (BigInt(digits) > INT64_MAX) {
      return t('categories.rules.numberTooLarge', { text: trimmed });
    }
    return sign === '+' ? t('categories.rules.numberRange') : null;
  }
  if (GROUPED.test(trimmed)) return t('categories.rules.numberGrouped', { text: trimmed });
  if (DECIMALS.test(trimmed)) return t('categories.rules.numberDecimal', { text: trimmed });
  return null;
}

/** What is wrong with a category's name, or null. */
export function categoryNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return t('categories.rules.nameRequired');
  if (trimmed.length > CATEGORY_NAME_MAX) {
    return t('categories.rules.nameTooLong', { max: CATEGORY_NAME_MAX });
  }
  // "2" as a name would be read as category number 2 in the form.
  if (/^\d+$/.test(trimmed)) return t('categories.rules.nameDigits');
  return null;
}

/** Looks categories up by number and by name (case and accents aside). */
export interface CategoryIndex {
  /** The name of category `id` (canonical), when the list has one. */
  nameOf(id: string): string | undefined;
  /** The number of the category named `name`, when there is one. */
  idOf(name: string): string | undefined;
  /** The list, sorted by name. */
  readonly list: readonly Category[];
}

/** An index over `list` (assumed valid, see {@link listProblems}). */
export function indexCategories(list: readonly Category[]): CategoryIndex {
  const byId = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const category of list) {
    byId.set(category.id, category.name);
    byName.set(foldText(category.name), category.id);
  }
  const sorted = [...list].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return {
    nameOf: (id) => byId.get(categoryNumber(id) ?? id),
    idOf: (name) => byName.get(foldText(name)),
    list: sorted,
  };
}

/** An index with no categories: every number is shown as "Category N". */
export const NO_CATEGORIES: CategoryIndex = indexCategories([]);

/**
 * How a category reads to staff: its name ("Dog"), or "Category 17" for a
 * number the list does not name.
 */
export function categoryLabel(id: string, categories: CategoryIndex): string {
  return (
    categories.nameOf(id) ?? t('categories.text.unnamed', { n: categoryNumber(id) ?? id.trim() })
  );
}

/**
 * What a category field shows for category `id` when an animal is opened to
 * be corrected: its name, as staff type it ("Dog"), which the field reads back
 * as the same number; the number itself when the list names none.
 */
export function categoryFieldText(id: string, categories: CategoryIndex): string {
  return categories.nameOf(id) ?? id;
}

/** The outcome of reading what someone typed or pasted in a category field. */
export type ResolvedCategory = { ok: true; id: string } | { ok: false; problem: string };

/**
 * The category number meant by `text`: a number, named or not, or a name from
 * the list (case and accents aside). Text written as a number ("-3", "2.5") is
 * read as one and refused with what is wrong with it, never taken for a name;
 * a word that names no category is refused, so a typo never becomes a wrong
 * number.
 */
export function resolveCategory(text: string, categories: CategoryIndex): ResolvedCategory {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: t('categories.rules.required') };
  const number = categoryNumber(trimmed);
  if (number !== null) return { ok: true, id: number };
  const numberProblem = categoryNumberProblem(trimmed);
  if (numberProblem !== null) return { ok: false, problem: numberProblem };
  const named = categories.idOf(trimmed);
  if (named !== undefined) return { ok: true, id: named };
  return {
    ok: false,
    problem: t('categories.rules.unknownName', { name: trimmed }),
  };
}

/** One reason a list cannot be kept as it is, for the row it concerns. */
export interface ListProblem {
  /** Index in the list as given. */
  row: number;
  problem: string;
}

/**
 * Why `list` cannot be kept, row by row: a bad number or name, a number or a
 * name (case and accents aside) used twice. Empty when it can.
 */
export function listProblems(list: readonly { id: string; name: string }[]): ListProblem[] {
  const problems: ListProblem[] = [];
  const ids = new Map<string, number>();
  const names = new Map<string, number>();
  list.forEach((entry, row) => {
    const id = categoryNumber(entry.id);
    if (id === null) {
      const problem =
        categoryNumberProblem(entry.id) ?? t('categories.rules.notNumber', { id: entry.id });
      problems.push({ row, problem });
    } else if (ids.has(id)) {
      problems.push({ row, problem: t('categories.rules.numberTwice', { id }) });
    } else {
      ids.set(id, row);
    }
    const nameProblem = categoryNameProblem(entry.name);
    const folded = foldText(entry.name);
    if (nameProblem !== null) problems.push({ row, problem: nameProblem });
    else if (names.has(folded)) {
      problems.push({ row, problem: t('categories.rules.nameTwice', { name: entry.name.trim() }) });
    } else {
      names.set(folded, row);
    }
  });
  return problems;
}

/** `list` with canonical numbers and trimmed names; call after {@link listProblems} found none. */
export function normaliseList(list: readonly { id: string; name: string }[]): Category[] {
  return list.map((entry) => ({
    id: categoryNumber(entry.id) ?? entry.id.trim(),
    name: entry.name.trim().replace(/\s+/g, ' '),
  }));
}

/**
 * `incoming` laid over `current`: a number in both takes the incoming name,
 * new numbers are added, nothing is removed. An import never loses a name.
 */
export function mergeLists(
  current: readonly Category[],
  incoming: readonly Category[],
): Category[] {
  const merged = new Map(current.map((c) => [c.id, c]));
  for (const category of incoming) merged.set(category.id, category);
  return [...merged.values()];
}

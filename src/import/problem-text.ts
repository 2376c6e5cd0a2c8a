/** The sentence staff read for a {@link ReadProblem}, in the app's language. */
import { formatNumber } from '../format/clock';
import { t } from '../i18n';
import type { ReadProblem } from './read-problem';

const NEEDS_SAVE_AS = new Set(['notText', 'workbook', 'encoding']);

export function readProblemText(problem: ReadProblem): string {
  const values: Record<string, string> = {};
  for (const [name, n] of Object.entries(problem.values ?? {})) values[name] = formatNumber(n);
  if (NEEDS_SAVE_AS.has(problem.code)) values.saveAs = t('import.read.saveAs');
  return t(`import.read.${problem.code}`, values);
}

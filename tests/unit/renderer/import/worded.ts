import { readProblemText } from '../../../../src/import/problem-text';
import type { ReadProblem } from '../../../../src/import/read-problem';

type Answer<T> = ({ ok: true } & T) | { ok: false; problem: ReadProblem };

/**
 * A reader's answer with its problem code worded as staff read it, so tests
 * check the sentence the page shows (the worker itself answers in codes).
 */
export function worded<T>(answer: Answer<T>): ({ ok: true } & T) | { ok: false; problem: string } {
  return answer.ok ? answer : { ok: false, problem: readProblemText(answer.problem) };
}

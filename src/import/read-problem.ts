/**
 * Why a file or a paste gave no rows, as a message code and its numbers. The
 * reading happens in a worker, which has no catalogue: the page words it
 * (`problem-text.ts`) in the language staff chose.
 */
export type ReadCode =
  | 'tooLarge'
  | 'empty'
  | 'notText'
  | 'workbook'
  | 'encoding'
  | 'quoteOnRow'
  | 'quote'
  | 'noRows'
  | 'tooManyRows'
  | 'unreadable'
  | 'failed';

export interface ReadProblem {
  code: ReadCode;
  /** Numbers the sentence names ("row 3", "10 MB"), formatted when worded. */
  values?: Record<string, number>;
}

/** A bad command-line flag; `message` is one line, without a stack. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

/** True when `error` is a {@link CliUsageError}. */
export function isCliUsageError(error: unknown): error is CliUsageError {
  return error instanceof CliUsageError;
}

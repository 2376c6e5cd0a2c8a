import type { HttpAnswer } from '../../../../electron/core/http/answer';

/** Builds an answer as the transport would return it. */
export function answer(
  status: number,
  headers: Record<string, string> = {},
  body = '',
  at = Date.now(),
): HttpAnswer {
  return { status, headers: new Headers(headers), body, sentAt: at, receivedAt: at };
}

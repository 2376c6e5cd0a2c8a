/** True when `error` (or one of its causes) is EADDRINUSE. */
export function isAddressInUse(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === 'EADDRINUSE') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

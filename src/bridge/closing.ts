import type { ClosingApi } from '../../electron/contract/closing';

/**
 * The desktop app's side of the closing question (`window.kennelClosing`).
 * Browser mode has none: the page asks through `beforeunload` itself.
 */
export function closingApi(): ClosingApi | null {
  if (typeof window === 'undefined') return null;
  return (window as { kennelClosing?: ClosingApi }).kennelClosing ?? null;
}

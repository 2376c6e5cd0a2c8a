import type { DeskCopiesApi } from '../../electron/contract/desk-copies';

/**
 * The desktop app's side of the desk file (`window.kennelDesk`): its
 * automatic copies and its File menu. Browser mode has neither: null.
 */
export function deskCopiesApi(): DeskCopiesApi | null {
  if (typeof window === 'undefined') return null;
  return (window as { kennelDesk?: DeskCopiesApi }).kennelDesk ?? null;
}

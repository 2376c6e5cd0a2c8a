import type { MovedDataApi } from '../../electron/contract/moved-data';

/**
 * The main process's side of the move to the app's own origin
 * (`moved-data.ts`), where there is one: only the desktop app offers it.
 */
export function movedDataSource(): MovedDataApi | null {
  if (typeof window === 'undefined') return null;
  return (window as { kennelMovedData?: MovedDataApi }).kennelMovedData ?? null;
}

/**
 * The renderer's one way to the Node side. Stores reach it through `src/api`,
 * never directly, so the transport stays a detail of this folder.
 */
import type { KennelApi } from '../../electron/contract/bridge';
import { noTransport, selectTransport, type SelectedTransport } from './select';

function browserTransport(): SelectedTransport {
  if (typeof window === 'undefined') return noTransport();
  let storage: Storage | null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return selectTransport({
    preload: window.kennel,
    location: window.location,
    history: window.history,
    storage,
    // Bound so the call keeps `window` as its receiver.
    fetch: window.fetch.bind(window),
  });
}

const selected = browserTransport();

/** The typed bridge: every method answers a `BridgeResult` and never throws. */
export const api: KennelApi = selected.api;

export { onRateLimit } from './rate-feed';

/**
 * The governor's view of each profile's key, as it arrives with the Node
 * side's answers (`BridgeResult.rate`). Each answer's view is handed to the
 * listeners of this window and, through a BroadcastChannel, of every other
 * window of this desk, so a window that sends nothing (one that does not lead
 * the sync) still follows what the one that sends learns. Nothing here asks
 * the Node side; the view only ever comes with an answer.
 */
import { isProfileName } from '../../electron/contract/profiles';
import type { RateLimitUpdate } from '../../electron/contract/pacing';

type Listener = (update: RateLimitUpdate) => void;

const CHANNEL = 'kennel-rate-limit';
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function theChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isRateLimitUpdate(event.data)) tell(event.data);
  });
  return channel;
}

function tell(update: RateLimitUpdate): void {
  for (const listener of listeners) listener(update);
}

function isNumberOrNull(value: unknown): boolean {
  return value === null || (typeof value === 'number' && Number.isFinite(value));
}

/** True when `value` has the shape of a {@link RateLimitUpdate}; anything else is ignored. */
function isRateLimitUpdate(value: unknown): value is RateLimitUpdate {
  if (typeof value !== 'object' || value === null) return false;
  const { profile, state } = value as { profile?: unknown; state?: unknown };
  if (!isProfileName(profile) || typeof state !== 'object' || state === null) return false;
  const s = state as Record<string, unknown>;
  return (
    ['limit', 'remaining', 'resetAt', 'pausedUntil', 'dailyLimit', 'dailyRemaining'].every((key) =>
      isNumberOrNull(s[key]),
    ) &&
    isNumberOrNull(s.dailyResetAt) &&
    typeof s.shared === 'boolean' &&
    typeof s.pauseEndable === 'boolean'
  );
}

/** An answer brought `update`: this window's listeners hear it, and so do the other windows'. */
export function publishRate(update: unknown): void {
  if (!isRateLimitUpdate(update)) return;
  tell(update);
  theChannel()?.postMessage(update);
}

/** Calls `listener` with every view that arrives, here or in another window; returns how to stop. */
export function onRateLimit(listener: Listener): () => void {
  theChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

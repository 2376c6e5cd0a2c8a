/**
 * Who is at the desk, for every history row written from now on: the desk's
 * name (Settings, This desk; the computer's name until staff give one) and the
 * initials given when the shift started. Set by the state layer, read by every
 * writer below it, so no writer has to be handed it.
 */
import type { OutboxEntry } from './db';
import type { HistoryEvent, HistoryKind } from './history-event';

interface AtTheDesk {
  desk: string;
  initials?: string;
}

let current: AtTheDesk = { desk: '' };

/** Staff named the desk, or said (or cleared) who is at it. */
export function setAtTheDesk(next: AtTheDesk): void {
  current = next.initials ? { desk: next.desk, initials: next.initials } : { desk: next.desk };
}

/** A history row for an act done now, stamped with who is at the desk. */
export function historyEvent(
  kind: HistoryKind,
  about: Omit<HistoryEvent, 'key' | 'at' | 'kind' | 'desk' | 'initials'> = {},
  at: number = Date.now(),
): HistoryEvent {
  return { key: crypto.randomUUID(), at, kind, ...about, ...current };
}

/** What a history row says of the animal of `entry`: its key while it waits, and its name. */
export function aboutEntry(entry: OutboxEntry): { petKey: string; name: string } {
  return { petKey: entry.localKey, name: entry.payload.name };
}

import type { OutboxEntry } from '../data/db';
import { errorMessage } from '../errors/messages';

/** What the add form says about the animal it just queued. */
export interface IntakeOutcome {
  /** Polite confirmation: queued, or added once it synced. */
  confirmation: string;
  /** The service's refusal, for a `role="alert"` next to the form; null when there is none. */
  alert: string | null;
}

/**
 * The form's message for the animal just added, from the current state of its
 * outbox entry. `entry` is `undefined` once the entry is gone: it only leaves
 * the outbox by syncing (a discard forgets the animal first), so gone means
 * added. `null` means not read yet (or unreadable): still queued as far as we know.
 */
export function intakeOutcome(name: string, entry: OutboxEntry | null | undefined): IntakeOutcome {
  if (entry === undefined) return { confirmation: `Added ${name}`, alert: null };
  if (entry !== null && entry.state === 'needs-attention') {
    const reason = entry.lastError
      ? errorMessage(entry.lastError, { action: 'intake' })
      : 'The service refused it.';
    return {
      confirmation: `Queued ${name} for sync`,
      alert: `${name} was not added. ${reason} It is kept under Needs attention.`,
    };
  }
  return { confirmation: `Queued ${name} for sync`, alert: null };
}

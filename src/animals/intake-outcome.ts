import type { OutboxEntry } from '../data/db';
import { inHoldSpell } from '../data/hold';
import { errorMessage } from '../errors/messages';
import { t } from '../i18n';

/** What the add form says about the animal it just queued: one outcome at a time. */
export interface IntakeOutcome {
  /** Polite confirmation: queued, or added once it synced; '' when it was refused. */
  confirmation: string;
  /** The service's refusal, for a `role="alert"` next to the form; null when there is none. */
  alert: string | null;
}

/** Ends `text` with a full stop unless it already ends a sentence. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || /[.!?…]$/.test(trimmed)) return trimmed;
  // A quoted reason ends with its closing quote: the stop goes after it.
  return `${trimmed}.`;
}

/**
 * The form's message for the animal just added, from the current state of its
 * outbox entry. `entry` is `undefined` once the entry is gone: it only leaves
 * the outbox by syncing (a discard forgets the animal first), so gone means
 * added. `null` means not read yet (or unreadable): still queued as far as we
 * know. A refused animal is never also said to be queued.
 */
export function intakeOutcome(name: string, entry: OutboxEntry | null | undefined): IntakeOutcome {
  if (entry === undefined)
    return { confirmation: t('animals.outcome.added', { name }), alert: null };
  if (entry !== null && entry.state === 'needs-attention') {
    const reason = entry.lastError
      ? errorMessage(entry.lastError, { action: 'intake' })
      : t('animals.outcome.refusedReason');
    return {
      confirmation: '',
      alert: t('animals.outcome.refused', { name, reason: asSentence(reason) }),
    };
  }
  // Said without a countdown: a polite live region would read every second of it.
  if (entry !== null && inHoldSpell(entry)) {
    return { confirmation: t('hold.outcome', { name }), alert: null };
  }
  return { confirmation: t('animals.outcome.queued', { name }), alert: null };
}

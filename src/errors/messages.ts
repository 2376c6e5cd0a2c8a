/**
 * The one place that turns a {@link BridgeError} into what staff read: a plain
 * sentence for what happened, one for what to do next, and more of what Kennel
 * saw, in sentences, for the "Details" disclosure that support can copy.
 * Main-process messages are never shown: they are English and may name
 * addresses, status codes or socket errors.
 */
import {
  ANSWER_TOO_LARGE_CODE,
  isNotFromService,
  type BridgeError,
} from '../../electron/contract/errors';
import { sayMoment } from '../format/moment';
import { t } from '../i18n';
import { REPAIRED_CODE } from '../data/outbox-repair';
import { DESK_CODES } from './desk-error';

/** What the user was doing, when it changes the wording. */
export interface ErrorContext {
  /** The animal ID looked up: a lookup speaks of the lookup. */
  petId?: string;
  /** Intake is the one place where "saved here, sent later" is true. */
  action?: 'intake' | 'read';
}

export interface ErrorText {
  /** What happened, in plain words. */
  summary: string;
  /** What happens or what to do next; '' when nothing useful can be said. */
  next: string;
  /**
   * More of what Kennel saw, for support, behind a disclosure: sentences in
   * the user's language, never a code, an address or the API key.
   */
  details: string;
}

// Kennel's own codes for an entry reconciliation could not settle (see
// `src/sync/reconcile.ts`); spelled out here so this module stays free of the sync engine.
const MAY_EXIST_NEXT: Record<string, string> = {
  'kennel:may-already-exist': 'errors.mayExist.candidates',
  'kennel:may-already-exist-unchecked': 'errors.mayExist.unchecked',
};

// Failures on this computer (see `desk-error.ts`): what happened, in a sentence of its own.
const DESK_SUMMARY: Record<string, string> = {
  [DESK_CODES.storageFull]: 'data.quota',
  [DESK_CODES.failed]: 'data.syncFailed',
  [REPAIRED_CODE]: 'data.repaired',
};

function nextStep(error: BridgeError, context: ErrorContext): string {
  const mayExist = error.code === undefined ? undefined : MAY_EXIST_NEXT[error.code];
  if (mayExist !== undefined) return t(mayExist);
  if (isNotFromService(error)) {
    // A lookup kept nothing; anywhere else the words are about the queue.
    const lookup = context.action === 'read' || context.petId !== undefined;
    return t(lookup ? 'errors.next.signIn' : 'errors.next.signInKept');
  }
  switch (error.kind) {
    case 'unauthorized':
      return t('errors.next.enterKey');
    case 'rate-limited':
    case 'banned':
      return error.retryAt !== undefined
        ? sayMoment('errors.next.waitUntil', error.retryAt, Date.now())
        : t('errors.next.later');
    case 'conflict':
    case 'server':
    case 'timeout':
      return context.action === 'intake' ? t('errors.next.again') : t('errors.next.tryWhenBack');
    case 'network':
      return context.action === 'intake'
        ? t('errors.next.intakeKept')
        : t('errors.next.tryWhenBack');
    case 'not-configured':
      return t('errors.next.setUp');
    default:
      return '';
  }
}

/** The service's own words about the failure, without a closing full stop; '' when it said nothing. */
function serviceReason(error: BridgeError): string {
  return (error.serviceMessage ?? '').trim().replace(/[.]$/, '');
}

/**
 * The sentence for the kind of failure. An answer refused for its size was
 * never read at all, so it is not said to be unreadable; one from something in
 * front of the service is not the service's at all.
 */
function kindSentence(error: BridgeError): string {
  if (error.kind === 'malformed-response' && error.code === ANSWER_TOO_LARGE_CODE) {
    return t('errors.answerTooLarge');
  }
  if (isNotFromService(error)) return t('errors.notFromService');
  return t(`errors.kind.${error.kind}`);
}

function summaryOf(error: BridgeError, context: ErrorContext): string {
  if (error.code !== undefined && MAY_EXIST_NEXT[error.code] !== undefined) {
    return t('errors.mayExist.summary');
  }
  const desk = error.code === undefined ? undefined : DESK_SUMMARY[error.code];
  if (desk !== undefined) return t(desk);
  if (context.petId !== undefined) {
    if (error.kind === 'not-found') return t('errors.noAnimalWithId', { id: context.petId });
    return `${t('errors.lookupFailed', { id: context.petId })} ${kindSentence(error)}`;
  }
  // The service's own reason for refusing a record says what to correct.
  const reason = serviceReason(error);
  if (error.kind === 'validation' && reason !== '') {
    return t('errors.validationReason', { reason });
  }
  return kindSentence(error);
}

/**
 * What Kennel saw, one sentence a line, copyable as is: what the service or
 * Kennel did, the service's own words when it gave any, the field it named,
 * when sending may go on, and whether an animal may have arrived. Only the
 * service's own words are quoted; Kennel's Node-side message (addresses,
 * codes) stays out.
 */
export function errorDetails(error: BridgeError): string {
  const lines = [
    t(
      isNotFromService(error)
        ? 'errors.details.notFromService'
        : `errors.details.kind.${error.kind}`,
    ),
  ];
  const said = serviceReason(error);
  if (said !== '') lines.push(t('errors.details.serviceSaid', { words: said }));
  const field = errorField(error);
  if (field !== null) lines.push(t(`errors.details.field.${field}`));
  if (error.retryAt !== undefined) {
    lines.push(sayMoment('errors.details.retryAt', error.retryAt, Date.now()));
  }
  if (error.outcomeUnknown === true) lines.push(t('errors.details.outcomeUnknown'));
  return lines.join('\n');
}

export function describeError(error: BridgeError, context: ErrorContext = {}): ErrorText {
  return {
    summary: summaryOf(error, context),
    next: nextStep(error, context),
    details: errorDetails(error),
  };
}

/** Summary and next step as one sentence pair; never empty, never an HTTP code. */
export function errorMessage(error: BridgeError, context: ErrorContext = {}): string {
  const { summary, next } = describeError(error, context);
  return next === '' ? summary : `${summary} ${next}`;
}

/** The form field a validation error is about, when the Node side or the service named one. */
export function errorField(error: BridgeError): 'name' | 'categoryId' | 'status' | null {
  const field = error.field;
  return field === 'name' || field === 'categoryId' || field === 'status' ? field : null;
}

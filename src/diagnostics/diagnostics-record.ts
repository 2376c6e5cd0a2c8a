/**
 * The record staff hand to whoever supports them ("Copy diagnostics" in
 * Settings). It is built from named, typed fields only: a field is in the
 * record because it is listed here, never because a scrubber missed it. So no
 * key, no animal's name and no service words (which can quote an animal) can
 * reach it; of the service's address only the host goes in.
 */
import {
  BRIDGE_ERROR_KINDS,
  type BridgeError,
  type BridgeErrorKind,
} from '../../electron/contract/errors';
import type { BridgeReturn } from '../../electron/contract/bridge';
import type { ProfileName } from '../../electron/contract/profiles';
import type { RateLimitState } from '../../electron/contract/pacing';
import type { StorageFigures } from '../data/storage-health';
import type { ConnectionState } from '../sync/status-mirror';
import type { Language } from '../i18n/messages';
import type { DatedError, OutboxFacts } from './outbox-facts';

/** How the record is laid out; a support person reading one can tell which build wrote it. */
const RECORD_FORMAT = 1;

/** A failure as data: what kind, the service's status and code, and when. */
interface ErrorFacts {
  kind: BridgeErrorKind;
  status: number | null;
  code: string | null;
  /** The request may have reached the service (sent, no answer). */
  outcomeUnknown: boolean;
  /** When it happened (ISO 8601); null when that was not kept. */
  at: string | null;
}

/** What the record is made from, each part already read by the caller. */
export interface DiagnosticsInputs {
  /** The bridge's `appInfo`; null when it did not answer. */
  app: BridgeReturn<'appInfo'> | null;
  profile: ProfileName;
  /** The profile's service address as configured; only its host is kept. */
  baseUrl: string | null;
  /** Null when this computer's queue could not be read. */
  outbox: OutboxFacts | null;
  connection: ConnectionState;
  lastSyncAt: number | null;
  /** The sync engine's last failure. */
  lastError: BridgeError | null;
  rate: RateLimitState | null;
  storage: StorageFigures;
  language: Language;
  now: number;
}

/** The record, ready for `JSON.stringify`. */
export interface DiagnosticsRecord {
  format: number;
  madeAt: string;
  app: { name: string; version: string; mode: string; platform: string } | null;
  language: Language;
  profile: ProfileName;
  serviceHost: string | null;
  /** `lastError`: the sync engine's own last failure, kept apart so the queue's never push it out. */
  sync: { connection: ConnectionState; lastSyncAt: string | null; lastError: ErrorFacts | null };
  outbox: {
    queued: number;
    sending: number;
    needsAttention: number;
    held: number;
    setAside: number;
  } | null;
  /** The queue's latest failures, newest first. */
  errors: ErrorFacts[];
  rate: {
    limit: number | null;
    remaining: number | null;
    resetAt: string | null;
    pausedUntil: string | null;
    paused: boolean;
    pauseEndable: boolean;
    shared: boolean;
    dailyLimit: number | null;
    dailyRemaining: number | null;
    dailyResetAt: string | null;
    dailySource: string | null;
  } | null;
  storage: StorageFigures;
}

/** How many of the latest failures go in: enough to see a pattern, few enough to read. */
const MOST_ERRORS = 5;

/** A machine code (`key_banned`, `kennel:storage-full`): no spaces, so no sentence or name. */
const CODE_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

function moment(ms: number | null): string | null {
  return ms === null || !Number.isFinite(ms) ? null : new Date(ms).toISOString();
}

function count(n: number | null): number | null {
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/**
 * The host (and port) of `baseUrl`: no scheme, credentials, path, query or
 * fragment, which can all carry something private. Null when unset or unreadable.
 */
function serviceHost(baseUrl: string | null): string | null {
  if (baseUrl === null || baseUrl.trim() === '') return null;
  try {
    const host = new URL(baseUrl.trim()).host;
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

function errorFacts({ error, at }: DatedError): ErrorFacts {
  const kind = (BRIDGE_ERROR_KINDS as readonly string[]).includes(error.kind)
    ? error.kind
    : 'internal';
  return {
    kind,
    status: Number.isInteger(error.status) ? (error.status ?? null) : null,
    code: typeof error.code === 'string' && CODE_PATTERN.test(error.code) ? error.code : null,
    outcomeUnknown: error.outcomeUnknown === true,
    at: moment(at),
  };
}

/** The queue's latest failures, newest first, undated last. */
function latestErrors(outbox: OutboxFacts | null): ErrorFacts[] {
  return [...(outbox?.errors ?? [])]
    .sort((a, b) => (b.at ?? -Infinity) - (a.at ?? -Infinity))
    .slice(0, MOST_ERRORS)
    .map(errorFacts);
}

function rateFacts(rate: RateLimitState | null, now: number): DiagnosticsRecord['rate'] {
  if (rate === null) return null;
  return {
    limit: count(rate.limit),
    remaining: count(rate.remaining),
    resetAt: moment(rate.resetAt),
    pausedUntil: moment(rate.pausedUntil),
    paused: rate.pausedUntil !== null && rate.pausedUntil > now,
    pauseEndable: rate.pauseEndable,
    shared: rate.shared,
    dailyLimit: count(rate.dailyLimit),
    dailyRemaining: count(rate.dailyRemaining),
    dailyResetAt: moment(rate.dailyResetAt),
    dailySource: rate.dailySource,
  };
}

/** The record of `inputs`, each field copied by name. */
export function buildDiagnostics(inputs: DiagnosticsInputs): DiagnosticsRecord {
  const { app, outbox, storage } = inputs;
  return {
    format: RECORD_FORMAT,
    madeAt: new Date(inputs.now).toISOString(),
    app:
      app === null
        ? null
        : { name: app.name, version: app.version, mode: app.mode, platform: app.platform },
    language: inputs.language,
    profile: inputs.profile,
    serviceHost: serviceHost(inputs.baseUrl),
    sync: {
      connection: inputs.connection,
      lastSyncAt: moment(inputs.lastSyncAt),
      lastError:
        inputs.lastError === null ? null : errorFacts({ error: inputs.lastError, at: null }),
    },
    outbox:
      outbox === null
        ? null
        : {
            queued: outbox.queued,
            sending: outbox.sending,
            needsAttention: outbox.needsAttention,
            held: outbox.held,
            setAside: outbox.setAside,
          },
    errors: latestErrors(outbox),
    rate: rateFacts(inputs.rate, inputs.now),
    storage: {
      usedBytes: count(storage.usedBytes),
      quotaBytes: count(storage.quotaBytes),
      persisted: typeof storage.persisted === 'boolean' ? storage.persisted : null,
    },
  };
}

/** The record as text for the clipboard: JSON, since a support person reads it, not staff. */
export function diagnosticsText(record: DiagnosticsRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

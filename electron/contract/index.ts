/**
 * The one contract between the renderer and the Node side (Electron main or the
 * browser-mode web host). Everything that crosses the bridge is named and typed
 * here; the renderer imports types and plain constants only.
 *
 * Identifiers (`id`, `categoryId`) are int64 on the wire and exceed 2^53 in the
 * wild, so they cross the bridge as canonical decimal strings, never as numbers.
 */

/** The service profiles, each its own world: base URL, key and local database. */
export const PROFILES = ['local', 'staging', 'production'] as const;
export type ProfileName = (typeof PROFILES)[number];

/** True for one of the known profile names: for values from the other side, storage or a URL. */
export function isProfileName(value: unknown): value is ProfileName {
  return typeof value === 'string' && (PROFILES as readonly string[]).includes(value);
}

/** The statuses the spec defines. The service may still send others; see {@link Pet.status}. */
export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export type PetStatus = (typeof PET_STATUSES)[number];

/** Page size bounds of `GET /pets`. */
export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;

/** Canonical decimal string of an int64 (no sign for positives, no leading zeros). */
export type Int64String = string;

/** An animal as the service returned it. */
export interface Pet {
  id: Int64String;
  name: string;
  categoryId: Int64String;
  /** One of {@link PET_STATUSES}, or an unknown value shown as such; absent when the service sent none. */
  status?: string;
}

/** The body of `createPet`. */
export interface NewPet {
  name: string;
  categoryId: Int64String;
  status?: PetStatus;
}

export interface ListPetsQuery {
  limit?: number;
  status?: PetStatus;
}

/**
 * Who is waiting for a request, and so its place in the key's queue: sending
 * queued intake first, then what a person is waiting for (a lookup, a manual
 * refresh), then background work, which also never takes the last half of a
 * window nor more than its share of the day.
 */
export const REQUEST_LANES = ['intake', 'user', 'background'] as const;
export type RequestLane = (typeof REQUEST_LANES)[number];

/** Options of a read; the lane defaults to `user`. */
export interface ReadOptions {
  lane?: RequestLane;
}

/**
 * One page of `GET /pets`. The spec shows no pagination beyond `limit`; when a
 * service answers with an RFC 8288 `Link: <…>; rel="next"`, `next` is that
 * link (an absolute URL already checked to stay on the profile's `/pets`).
 */
export interface PetsPage {
  pets: Pet[];
  next: string | null;
  /**
   * Set when the service linked a next page that Kennel will not follow
   * (another address, an unreadable header): the list ends here, unread.
   */
  linkProblem?: string;
}

/** A first page (a query) or the page after one (its `next` link). */
export type PetsPageRequest = { query: ListPetsQuery } | { next: string };

/**
 * `GET /store/orders`, whose shape the spec does not show: the body as JSON
 * text, re-serialised losslessly so integers beyond 2^53 stay exact.
 */
export interface OrdersListing {
  json: string;
}

/**
 * `code` of the `rate-limited` error with which the governor holds background
 * work back (the window's or the day's share for it is spent); nothing was
 * sent and the service is fine.
 */
export const BACKGROUND_HELD_CODE = 'kennel_background_held';

/**
 * `code` of the `rate-limited` error of a request that waited its whole
 * deadline behind queued intake (intake goes first): nothing was sent and the
 * service is fine; it goes once intake has had its turn.
 */
export const HELD_FOR_INTAKE_CODE = 'kennel_held_for_intake';

/**
 * `code` of the `malformed-response` error of an answer far larger than the
 * request can mean: Kennel stopped reading it and changed nothing.
 */
export const ANSWER_TOO_LARGE_CODE = 'kennel_answer_too_large';

/**
 * `code` of the `malformed-response` error of a success that cannot be the
 * service's: a web page, a body that is not JSON, or none at all, as a Wi-Fi
 * sign-in page in front of the service answers every request. The service
 * was most likely not reached; a create's outcome is still looked up.
 */
export const NOT_FROM_SERVICE_CODE = 'kennel_not_from_service';

/** True for an error whose answer came from something in front of the service, not from it. */
export function isNotFromService(error: { kind: string; code?: string }): boolean {
  return error.kind === 'malformed-response' && error.code === NOT_FROM_SERVICE_CODE;
}

/** True for an error that only says Kennel held the request back itself. */
export function isHeldBack(error: { code?: string }): boolean {
  return error.code === BACKGROUND_HELD_CODE || error.code === HELD_FOR_INTAKE_CODE;
}

/**
 * The most of what is left of today's request budget background work may
 * spend; the rest stays for intake and for what people ask for.
 */
export const BACKGROUND_DAILY_SHARE = 0.25;

/**
 * The most requests of one key on the wire at once. A request already on its
 * way when an unforeseen 429 comes arrives inside its `Retry-After`, and the
 * specification warns that requests sent after a 429 may get the key banned:
 * with three out, at most two arrive after one. The sync engine keeps as many
 * creates out, and the governor never sends more.
 */
export const MOST_ON_THE_WIRE = 3;

export interface CreatePetOptions {
  /** Sent as `Idempotency-Key` on every attempt; the outbox creates it once per entry. */
  idempotencyKey: string;
}

export interface GetPetResult {
  pet: Pet;
  /** `getPet` is deprecated by the spec; these come from the response headers when present. */
  deprecation: { deprecated: true; sunset: string | null };
}

/** Where a profile's key lives; shown to the user next to the key dialog. */
export type KeyStorage =
  | 'none'
  | 'encrypted' // Electron safeStorage backed by a real keyring / OS store
  | 'file' // a 0600 file without asking: the store of tests and headless tools only
  | 'plain-accepted' // a 0600 file, after the user accepted plain storage (no keyring available)
  | 'session'; // held in memory only, forgotten on quit

export interface ProfileInfo {
  name: ProfileName;
  /** Base URL including `/v1`; empty when not configured. */
  baseUrl: string;
  /**
   * Where the base URL came from, so the settings screen can say why it cannot be edited:
   * `launcher` when `npm start` or `npm run web` set it for the reference service they started,
   * `env` when the user's own environment variable did.
   */
  baseUrlSource: 'default' | 'config' | 'env' | 'launcher' | 'unset';
  hasKey: boolean;
  keyStorage: KeyStorage;
  /** Staging and local are marked so nobody does real intake there by mistake. */
  marked: boolean;
  /**
   * When the service at this base URL was seen honouring `Idempotency-Key`
   * (epoch ms); null until then. The spec does not show the header, so Kennel
   * never assumes it.
   */
  idempotencyProvenAt: number | null;
}

/** What the key dialog needs to know before the user types a key. */
export interface KeyStorageInfo {
  /** Where a key set now would be stored without asking more. */
  storage: KeyStorage;
  /** True on Electron/Linux with only `basic_text`: the user must accept plain storage explicitly. */
  plainStorageNeedsConsent: boolean;
  /** Human-readable location, e.g. "encrypted in the app's data folder". */
  description: string;
}

export interface SetKeyOptions {
  /** Only meaningful where {@link KeyStorageInfo.plainStorageNeedsConsent}; otherwise ignored. */
  acceptPlainStorage?: boolean;
}

/** The rate-limit governor's view of one key, for the UI. Times are epoch milliseconds (local clock). */
export interface RateLimitState {
  limit: number | null;
  remaining: number | null;
  resetAt: number | null;
  /** Set while the service asked us to wait (429); nothing is sent before it. */
  pausedUntil: number | null;
  /**
   * The pause is long enough that the user may end it (`endPause`) and try
   * again at once; false for a ban and once it was ended since the last answer.
   */
  pauseEndable: boolean;
  /**
   * Other clients spent from this key's current or previous window (other
   * desks on the same key): the figures above are out of date when read.
   */
  shared: boolean;
  dailyLimit: number | null;
  dailyRemaining: number | null;
  /** When the day's budget starts again (local clock); null while unknown. */
  dailyResetAt: number | null;
  /**
   * Where the daily figure comes from: the service's own daily headers, the
   * plan inferred from `X-RateLimit-Limit` and the spec's plan table, or the
   * profile's setting; null while there is none.
   */
  dailySource: 'service' | 'plan' | 'setting' | null;
  /**
   * Background requests the governor still allows today (its share of the
   * day, those in flight counted); null without a daily figure. What periodic
   * refreshes are spaced by.
   */
  backgroundRemaining: number | null;
}

/** The view of a key nothing has been learned about yet: no answer came with its headers. */
export const UNKNOWN_RATE_LIMIT: RateLimitState = {
  limit: null,
  remaining: null,
  resetAt: null,
  pausedUntil: null,
  pauseEndable: false,
  shared: false,
  dailyLimit: null,
  dailyRemaining: null,
  dailyResetAt: null,
  dailySource: null,
  backgroundRemaining: null,
};

interface AppInfo {
  name: string;
  version: string;
  mode: 'electron' | 'browser';
  platform: string;
  /** The computer's host name, so a desk file names the desk that saved it. */
  computerName: string;
}

/**
 * Error classes that cross the bridge. The sync engine and the UI decide what to
 * do from `kind` alone; `message` is already fit for the user and never holds the key.
 */
export type BridgeErrorKind =
  | 'invalid-argument' // rejected before sending (bad limit, status, NewPet, id, URL)
  | 'validation' // 400 from the service
  | 'unauthorized' // 401
  | 'not-found' // 404
  | 'conflict' // 409/422 from the idempotency layer
  | 'rate-limited' // 429, or the governor refused to send before the deadline
  | 'banned' // the service has banned the key for a while
  | 'server' // 5xx
  | 'network' // connection refused/reset/dropped
  | 'timeout'
  | 'malformed-response' // a body that does not match the interface
  | 'not-configured' // profile has no base URL or no key
  | 'unavailable' // e.g. getPet after its removal date
  | 'internal';

/** Every {@link BridgeErrorKind}, for checking values that arrive over the wire. */
export const BRIDGE_ERROR_KINDS = [
  'invalid-argument',
  'validation',
  'unauthorized',
  'not-found',
  'conflict',
  'rate-limited',
  'banned',
  'server',
  'network',
  'timeout',
  'malformed-response',
  'not-configured',
  'unavailable',
  'internal',
] as const satisfies readonly BridgeErrorKind[];

export interface BridgeError {
  kind: BridgeErrorKind;
  message: string;
  /** HTTP status when there was a response. */
  status?: number;
  /** The service's machine-readable `code` when it sent one. */
  code?: string;
  /**
   * The service's own words about the failure (its body's `message`), as it
   * wrote them: quoted to staff, never parsed. Kennel's `message` is English
   * for logs and never shown.
   */
  serviceMessage?: string;
  /** For `invalid-argument`/`validation`: the field at fault, if known (`name`, `categoryId`, `status`, `limit`). */
  field?: string;
  /** Epoch ms before which retrying is pointless (rate-limited, banned, backoff). */
  retryAt?: number;
  /** True when the request may have taken effect (sent, no answer): retry with the same idempotency key. */
  outcomeUnknown?: boolean;
}

/**
 * The governor's view of a profile's key as it stood when an answer left the
 * Node side. Every answer to a call about a profile's service carries it, so
 * the window learns each change with the answer that made it, without asking.
 */
export interface RateLimitUpdate {
  profile: ProfileName;
  state: RateLimitState;
}

export type BridgeResult<T> = ({ ok: true; value: T } | { ok: false; error: BridgeError }) & {
  rate?: RateLimitUpdate;
};

/** Every bridge method: its arguments and its result. */
interface BridgeMethods {
  appInfo: { args: []; result: AppInfo };
  listProfiles: { args: []; result: ProfileInfo[] };
  setBaseUrl: { args: [profile: ProfileName, baseUrl: string]; result: ProfileInfo };
  keyStorageInfo: { args: [profile: ProfileName]; result: KeyStorageInfo };
  setKey: {
    args: [profile: ProfileName, key: string, options: SetKeyOptions];
    result: ProfileInfo;
  };
  hasKey: { args: [profile: ProfileName]; result: boolean };
  clearKey: { args: [profile: ProfileName]; result: ProfileInfo };
  listPets: {
    args: [profile: ProfileName, query: ListPetsQuery, options?: ReadOptions];
    result: Pet[];
  };
  /** One page of the list, following `Link` pagination where the service offers it. */
  listPetsPage: {
    args: [profile: ProfileName, request: PetsPageRequest, options?: ReadOptions];
    result: PetsPage;
  };
  listOrders: { args: [profile: ProfileName, options?: ReadOptions]; result: OrdersListing };
  getPet: { args: [profile: ProfileName, id: Int64String]; result: GetPetResult };
  createPet: {
    args: [profile: ProfileName, pet: NewPet, options: CreatePetOptions];
    result: Pet;
  };
  rateLimit: { args: [profile: ProfileName]; result: RateLimitState };
  /**
   * Ends a long pause the service asked for, where {@link RateLimitState.pauseEndable}:
   * the next request goes at once. True when it ended one.
   */
  endPause: { args: [profile: ProfileName]; result: boolean };
  /** See {@link ProfileInfo.idempotencyProvenAt}; reads no key and sends nothing. */
  idempotencyProvenAt: { args: [profile: ProfileName]; result: number | null };
  /**
   * Ends a `createPet` with this idempotency key that is still running for a
   * window that went away (crashed or reloaded mid-send): it is cancelled if
   * not yet sent, cut off if sent. Resolves once it has ended; true when there
   * was one. Before looking for an animal on the service, the sync engine makes
   * sure no forgotten call can still send it.
   */
  cancelCreate: { args: [profile: ProfileName, options: CreatePetOptions]; result: boolean };
}

export type BridgeMethod = keyof BridgeMethods;
export type BridgeArgs<M extends BridgeMethod> = BridgeMethods[M]['args'];
export type BridgeReturn<M extends BridgeMethod> = BridgeMethods[M]['result'];

/** The method names, for registration loops and for validating names from the wire. */
export const BRIDGE_METHODS = [
  'appInfo',
  'listProfiles',
  'setBaseUrl',
  'keyStorageInfo',
  'setKey',
  'hasKey',
  'clearKey',
  'listPets',
  'listPetsPage',
  'listOrders',
  'getPet',
  'createPet',
  'rateLimit',
  'endPause',
  'idempotencyProvenAt',
  'cancelCreate',
] as const satisfies readonly BridgeMethod[];

/** Accepts `true` only, so a failed compile-time check is a type error. */
type AssertTrue<T extends true> = T;

/**
 * Compile-time check that {@link BRIDGE_ERROR_KINDS} lists every kind; read by the compiler only.
 * @public
 */
export type AllErrorKindsListed = AssertTrue<
  [Exclude<BridgeErrorKind, (typeof BRIDGE_ERROR_KINDS)[number]>] extends [never] ? true : false
>;

/**
 * Compile-time check that {@link BRIDGE_METHODS} lists every method; a type, so nothing ships.
 * @public
 */
export type AllMethodsListed = AssertTrue<
  [Exclude<BridgeMethod, (typeof BRIDGE_METHODS)[number]>] extends [never] ? true : false
>;

/** The handler table the Node side implements, once, for both transports. */
export type BridgeHandlers = {
  [M in BridgeMethod]: (...args: BridgeArgs<M>) => Promise<BridgeReturn<M>>;
};

/** The API the renderer sees: every method answers a {@link BridgeResult}, never throws across the bridge. */
export type KennelApi = {
  [M in BridgeMethod]: (...args: BridgeArgs<M>) => Promise<BridgeResult<BridgeReturn<M>>>;
};

/** IPC channel for a method (Electron transport). */
export const ipcChannel = (method: BridgeMethod): `kennel:${BridgeMethod}` => `kennel:${method}`;

/** HTTP path for a method (browser-mode transport): `POST /bridge/<method>` with `{ "args": [...] }`. */
export const bridgePath = (method: BridgeMethod): `/bridge/${BridgeMethod}` => `/bridge/${method}`;

/** Header carrying the per-launch secret in browser mode. */
export const BRIDGE_TOKEN_HEADER = 'x-kennel-token';

/**
 * A desktop notification the renderer asks Electron's main process to show.
 * Not a bridge method: it has no profile, no result to wait for, and no
 * browser-mode counterpart (there the page uses the Notification API itself).
 */
export interface DesktopNotice {
  title: string;
  body: string;
}

/** IPC channel of {@link DesktopNotice}s (Electron only). */
export const NOTIFY_CHANNEL = 'kennel-notify:show';

/** Longest title and body shown; a notice is a line or two, never a dump. */
export const NOTICE_LIMITS = { title: 120, body: 400 } as const;

/**
 * Kennel cards saved as a PDF (Electron only; in a browser the system's print
 * dialog offers it). The renderer lays the cards out for print, then asks the
 * main process to print its own page to a PDF where the user chooses. Only a
 * file name is sent: where it goes is the user's choice in the save dialog.
 */
export const SAVE_PDF_CHANNEL = 'kennel-cards:save-pdf';

/** What became of a "Save as PDF". */
export type SavePdfOutcome = 'saved' | 'cancelled' | 'failed';

/** Longest suggested file name accepted. */
export const PDF_NAME_MAX = 120;

/**
 * The camera view of a record's photo opening (`true`) or closing (`false`),
 * sent by the renderer to Electron's main process, which grants the camera to
 * the app's window only in between (`permission-rule.ts`). Not a bridge
 * method: it concerns one window, not a profile's service, and has no
 * browser-mode counterpart (there the browser asks the user itself).
 */
export const CAMERA_VIEW_CHANNEL = 'kennel-camera:view';

/** The preload's `window.kennelCamera`: resolves once the main process has taken the change in. */
export type CameraViewSignal = (open: boolean) => Promise<void>;

/**
 * The bridge between the renderer and the Node side (Electron main or the
 * browser-mode web host): its methods, each written once in {@link METHODS}
 * with its arguments and result, and what the two transports make of them.
 * The renderer imports types and plain constants only.
 */
import type { BridgeError } from './errors';
import type { RateLimitState, RateLimitUpdate, ReadOptions } from './pacing';
import type {
  CreatePetOptions,
  GetPetResult,
  Int64String,
  ListPetsQuery,
  NewPet,
  OrdersListing,
  Pet,
  PetsPage,
  PetsPageRequest,
} from './pet';
import type { KeyStorageInfo, ProfileInfo, ProfileName, SetKeyOptions } from './profiles';

interface AppInfo {
  name: string;
  version: string;
  mode: 'electron' | 'browser';
  platform: string;
  /** The computer's host name, so a desk file names the desk that saved it. */
  computerName: string;
}

export type BridgeResult<T> = ({ ok: true; value: T } | { ok: false; error: BridgeError }) & {
  rate?: RateLimitUpdate;
};

/** A method's arguments and result: a type carried by an empty value, so the list is written once. */
interface Signature<Args extends unknown[], Result> {
  readonly args?: Args;
  readonly result?: Result;
}

const signature = <Args extends unknown[], Result>(): Signature<Args, Result> => ({});

/** Every bridge method: its arguments and its result. Names, channels and types all come from here. */
const METHODS = {
  appInfo: signature<[], AppInfo>(),
  listProfiles: signature<[], ProfileInfo[]>(),
  setBaseUrl: signature<[profile: ProfileName, baseUrl: string], ProfileInfo>(),
  keyStorageInfo: signature<[profile: ProfileName], KeyStorageInfo>(),
  setKey: signature<[profile: ProfileName, key: string, options: SetKeyOptions], ProfileInfo>(),
  hasKey: signature<[profile: ProfileName], boolean>(),
  clearKey: signature<[profile: ProfileName], ProfileInfo>(),
  listPets: signature<[profile: ProfileName, query: ListPetsQuery, options?: ReadOptions], Pet[]>(),
  /** One page of the list, following `Link` pagination where the service offers it. */
  listPetsPage: signature<
    [profile: ProfileName, request: PetsPageRequest, options?: ReadOptions],
    PetsPage
  >(),
  listOrders: signature<[profile: ProfileName, options?: ReadOptions], OrdersListing>(),
  getPet: signature<[profile: ProfileName, id: Int64String], GetPetResult>(),
  createPet: signature<[profile: ProfileName, pet: NewPet, options: CreatePetOptions], Pet>(),
  rateLimit: signature<[profile: ProfileName], RateLimitState>(),
  /**
   * Ends a long pause the service asked for, where {@link RateLimitState.pauseEndable}:
   * the next request goes at once. True when it ended one.
   */
  endPause: signature<[profile: ProfileName], boolean>(),
  /** See {@link ProfileInfo.idempotencyProvenAt}; reads no key and sends nothing. */
  idempotencyProvenAt: signature<[profile: ProfileName], number | null>(),
  /**
   * Ends a `createPet` with this idempotency key that is still running for a
   * window that went away (crashed or reloaded mid-send): it is cancelled if
   * not yet sent, cut off if sent. Resolves once it has ended; true when there
   * was one. Before looking for an animal on the service, the sync engine makes
   * sure no forgotten call can still send it.
   */
  cancelCreate: signature<[profile: ProfileName, options: CreatePetOptions], boolean>(),
};

type Methods = typeof METHODS;
export type BridgeMethod = keyof Methods;
export type BridgeArgs<M extends BridgeMethod> =
  Methods[M] extends Signature<infer Args, unknown> ? Args : never;
export type BridgeReturn<M extends BridgeMethod> =
  Methods[M] extends Signature<unknown[], infer Result> ? Result : never;

/** The method names, for registration loops and for validating names from the wire. */
export const BRIDGE_METHODS: readonly BridgeMethod[] = Object.freeze(
  Object.keys(METHODS) as BridgeMethod[],
);

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

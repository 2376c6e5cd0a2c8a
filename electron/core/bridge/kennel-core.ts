import {
  BRIDGE_METHODS,
  type BridgeArgs,
  type BridgeHandlers,
  type BridgeMethod,
  type BridgeResult,
  type BridgeReturn,
} from '../../contract/bridge';
import { isProfileName } from '../../contract/profiles';
import { InvalidArgumentError } from '../errors/invalid-argument-error';
import { toBridgeError } from '../errors/to-bridge-error';
import type { GovernorOptions } from '../governor/governor';
import { createGovernorRegistry } from '../governor/registry';
import type { Timing } from '../governor/timing';
import type { KeyStore } from '../keys/key-store';
import { createProfileRegistry } from '../profiles/profiles';
import { ARGUMENT_PARSERS } from './arguments';
import { createHandlers } from './handlers';
import { createKeyVault } from './key-vault';
import { envKeyOrigins } from './env-key-origins';

/** How the Node side is assembled; the transports only differ in `mode` and `keyStore`. */
export interface KennelCoreOptions {
  /** Where config and keys live. */
  dataDir: string;
  keyStore: KeyStore;
  mode: 'electron' | 'browser';
  appVersion: string;
  /** Defaults to `process.env`. */
  env?: Record<string, string | undefined>;
  /** Calendar clock (deprecation cut-offs); defaults to `Date.now`. */
  now?: () => number;
  /** Governor timing (tests); defaults to the wall clock. */
  timing?: Timing;
  /** Governor tuning shared by every key. */
  governor?: GovernorOptions;
  /** Longest single attempt (default 10 s). */
  attemptTimeoutMs?: number;
  /** Longest a call may take, waits and retries included (default 30 s). */
  deadlineMs?: number;
}

/** The Node side as the transports see it. */
export interface KennelCore {
  handlers: BridgeHandlers;
  /**
   * What both transports call: checks the method name and the raw arguments,
   * runs the handler and answers a {@link BridgeResult}; never throws.
   */
  dispatch(method: string, rawArgs: unknown): Promise<BridgeResult<unknown>>;
  /** Cancels what is in flight and forgets the governors. */
  close(): Promise<void>;
}

const METHODS: ReadonlySet<string> = new Set(BRIDGE_METHODS);

/** The calls that go through a profile's governor, and so may change what it knows. */
const RATE_METHODS: ReadonlySet<string> = new Set<BridgeMethod>([
  'listPets',
  'listPetsPage',
  'listOrders',
  'getPet',
  'createPet',
  'rateLimit',
  'endPause',
]);

function isMethod(value: string): value is BridgeMethod {
  return METHODS.has(value);
}

async function call<M extends BridgeMethod>(
  handlers: BridgeHandlers,
  method: M,
  rawArgs: readonly unknown[],
): Promise<BridgeReturn<M>> {
  const args = ARGUMENT_PARSERS[method](rawArgs) as BridgeArgs<M>;
  const handler = handlers[method] as (...a: BridgeArgs<M>) => Promise<BridgeReturn<M>>;
  return handler(...args);
}

/** Assembles profiles, keys, governors, API clients and the bridge handlers. */
export function createKennelCore(options: KennelCoreOptions): KennelCore {
  const env = options.env ?? process.env;
  const shutdown = new AbortController();
  const governors = createGovernorRegistry();
  const profiles = createProfileRegistry({ dataDir: options.dataDir, env });
  const vault = createKeyVault(options.keyStore, env, envKeyOrigins(env));
  const handlers = createHandlers({
    profiles,
    keyStore: options.keyStore,
    vault,
    governors,
    mode: options.mode,
    appVersion: options.appVersion,
    env,
    governorOptions: {
      ...options.governor,
      ...(options.timing === undefined ? {} : { timing: options.timing }),
    },
    client: {
      signal: shutdown.signal,
      ...(options.timing === undefined ? {} : { timing: options.timing }),
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.attemptTimeoutMs === undefined
        ? {}
        : { attemptTimeoutMs: options.attemptTimeoutMs }),
      ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
    },
  });

  /**
   * The answer to a call that spoke to (or waited for) a profile's service,
   * with the governor's view of that key as it is now: the window learns each
   * change with the answer that made it, and never asks for it on a timer.
   */
  async function withRate(
    result: BridgeResult<unknown>,
    method: string,
    rawArgs: unknown,
  ): Promise<BridgeResult<unknown>> {
    const profile = Array.isArray(rawArgs) ? rawArgs[0] : undefined;
    if (!RATE_METHODS.has(method) || !isProfileName(profile)) return result;
    return { ...result, rate: { profile, state: await handlers.rateLimit(profile) } };
  }

  return {
    handlers,
    async dispatch(method, rawArgs) {
      try {
        if (typeof method !== 'string' || !isMethod(method)) {
          throw new InvalidArgumentError('Unknown bridge method.', { field: 'method' });
        }
        if (rawArgs !== undefined && !Array.isArray(rawArgs)) {
          throw new InvalidArgumentError('Bridge arguments must be an array.', { field: 'args' });
        }
        const value = await call(handlers, method, rawArgs ?? []);
        return withRate({ ok: true, value }, method, rawArgs);
      } catch (err) {
        return withRate({ ok: false, error: toBridgeError(err, vault.secrets()) }, method, rawArgs);
      }
    },
    async close() {
      shutdown.abort();
      governors.clear();
    },
  };
}

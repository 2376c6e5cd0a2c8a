import { hostname } from 'node:os';
import { PROFILES, type ProfileInfo, type ProfileName } from '../../contract/profiles';
import type { BridgeHandlers } from '../../contract/bridge';
import { UNKNOWN_RATE_LIMIT } from '../../contract/pacing';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/client';
import { userAgent } from '../api/user-agent';
import { NotConfiguredError } from '../errors/not-configured-error';
import type { GovernorOptions } from '../governor/governor';
import { governorId, type GovernorRegistry } from '../governor/registry';
import type { KeyStore } from '../keys/key-store';
import type { ProfileRegistry } from '../profiles/profiles';
import type { KeyVault } from './key-vault';

/** What the handlers work with. */
export interface HandlerDeps {
  profiles: ProfileRegistry;
  keyStore: KeyStore;
  vault: KeyVault;
  governors: GovernorRegistry;
  mode: 'electron' | 'browser';
  appVersion: string;
  env: Record<string, string | undefined>;
  /** Passed to every API client (timing, deadlines, fetch, shutdown signal). */
  client: Pick<
    ApiClientOptions,
    'timing' | 'now' | 'attemptTimeoutMs' | 'deadlineMs' | 'signal' | 'fetch'
  >;
  governorOptions: GovernorOptions;
}

const MARKED: ReadonlySet<ProfileName> = new Set(['local', 'staging']);

/** Optional plan budget per day from `KENNEL_<PROFILE>_DAILY_LIMIT`. */
function dailyLimitOf(env: HandlerDeps['env'], profile: ProfileName): number | undefined {
  const raw = env[`KENNEL_${profile.toUpperCase()}_DAILY_LIMIT`];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Builds the one handler table both transports call (through `dispatch`). */
export function createHandlers(deps: HandlerDeps): BridgeHandlers {
  const clients = new Map<ProfileName, { baseUrl: string; client: ApiClient }>();
  // The governor of each profile's current key, by id: every answer about a
  // profile carries its view (see `withRate` in kennel-core.ts), and that
  // should neither read the key nor hash it each time.
  const keyIds = new Map<ProfileName, string>();
  const agent = userAgent(deps.appVersion);
  // Creates in progress, by profile and idempotency key, so one left behind by
  // a window that went away can be ended before its animal is looked up.
  const creates = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const now = deps.client.now ?? Date.now;

  async function clientFor(profile: ProfileName): Promise<ApiClient> {
    const settings = await deps.profiles.resolve(profile);
    if (settings.baseUrl === '') {
      throw new NotConfiguredError(
        settings.problem ?? `The ${profile} profile has no base URL yet; set one in Settings.`,
      );
    }
    const cached = clients.get(profile);
    if (cached !== undefined && cached.baseUrl === settings.baseUrl) return cached.client;
    const daily = dailyLimitOf(deps.env, profile);
    const client: ApiClient = createApiClient({
      ...deps.client,
      baseUrl: settings.baseUrl,
      userAgent: agent,
      governors: deps.governors,
      governorOptions:
        daily === undefined ? deps.governorOptions : { ...deps.governorOptions, dailyLimit: daily },
      getKey: async () => {
        const key = await deps.vault.require(profile, client.origin);
        keyIds.set(profile, governorId(client.origin, key));
        return key;
      },
      idempotencyProven: async () => (await deps.profiles.idempotencyProvenAt(profile)) !== null,
      // A proof that cannot be saved is a lost shortcut, not a failed create.
      onIdempotentReplay: () =>
        deps.profiles.recordIdempotencyProof(profile, now()).catch(() => undefined),
    });
    clients.set(profile, { baseUrl: settings.baseUrl, client });
    return client;
  }

  /** The origin the profile's key may go to, or null while it has no usable base URL. */
  async function originOf(profile: ProfileName): Promise<string | null> {
    const settings = await deps.profiles.resolve(profile);
    return settings.baseUrl === '' ? null : (await clientFor(profile)).origin;
  }

  async function profileInfo(profile: ProfileName): Promise<ProfileInfo> {
    const settings = await deps.profiles.resolve(profile);
    const key = await deps.vault.state(profile, await originOf(profile));
    return {
      name: profile,
      baseUrl: settings.baseUrl,
      baseUrlSource: settings.source,
      hasKey: key.hasKey,
      keyStorage: key.storage,
      marked: MARKED.has(profile),
      idempotencyProvenAt: await deps.profiles.idempotencyProvenAt(profile),
    };
  }

  return {
    appInfo: async () => ({
      name: 'Kennel',
      version: deps.appVersion,
      mode: deps.mode,
      platform: process.platform,
      computerName: hostname(),
    }),
    listProfiles: () => Promise.all(PROFILES.map(profileInfo)),
    setBaseUrl: async (profile, baseUrl) => {
      await deps.profiles.setBaseUrl(profile, baseUrl);
      clients.delete(profile);
      keyIds.delete(profile);
      return profileInfo(profile);
    },
    keyStorageInfo: async (profile) => deps.keyStore.info(profile),
    setKey: async (profile, key, options) => {
      const origin = await originOf(profile);
      if (origin === null) {
        throw new NotConfiguredError(
          `Set the ${profile} base URL in Settings first: a key is kept for the address it is entered for.`,
        );
      }
      await deps.vault.set(profile, key, origin, options);
      keyIds.set(profile, governorId(origin, key));
      return profileInfo(profile);
    },
    hasKey: async (profile) => (await deps.vault.state(profile, await originOf(profile))).hasKey,
    clearKey: async (profile) => {
      keyIds.delete(profile);
      await deps.vault.clear(profile);
      return profileInfo(profile);
    },
    listPets: async (profile, query, options) =>
      (await clientFor(profile)).listPets(query, options),
    listPetsPage: async (profile, request, options) =>
      (await clientFor(profile)).listPetsPage(request, options),
    listOrders: async (profile, options) => (await clientFor(profile)).listOrders(options),
    getPet: async (profile, id) => (await clientFor(profile)).getPet(id),
    createPet: async (profile, pet, options) => {
      const id = `${profile}\n${options.idempotencyKey}`;
      const controller = new AbortController();
      const call = (async () =>
        (await clientFor(profile)).createPet(pet, options, controller.signal))();
      const done = call.then(
        () => undefined,
        () => undefined,
      );
      creates.set(id, { controller, done });
      try {
        return await call;
      } finally {
        if (creates.get(id)?.controller === controller) creates.delete(id);
      }
    },
    cancelCreate: async (profile, options) => {
      const running = creates.get(`${profile}\n${options.idempotencyKey}`);
      if (running === undefined) return false;
      running.controller.abort();
      await running.done;
      return true;
    },
    rateLimit: async (profile) => {
      const id = keyIds.get(profile);
      const governor = id === undefined ? undefined : deps.governors.peek(id);
      return governor === undefined ? UNKNOWN_RATE_LIMIT : governor.snapshot();
    },
    endPause: async (profile) => {
      const id = keyIds.get(profile);
      return (id === undefined ? undefined : deps.governors.peek(id))?.endPause() ?? false;
    },
    idempotencyProvenAt: (profile) => deps.profiles.idempotencyProvenAt(profile),
  };
}

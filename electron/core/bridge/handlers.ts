import {
  PROFILES,
  type BridgeHandlers,
  type ProfileInfo,
  type ProfileName,
  type RateLimitState,
} from '../../contract/index';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/client';
import { userAgent } from '../api/user-agent';
import { NotConfiguredError } from '../errors/not-configured-error';
import type { GovernorOptions } from '../governor/governor';
import type { GovernorRegistry } from '../governor/registry';
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

const EMPTY_RATE_LIMIT: RateLimitState = {
  limit: null,
  remaining: null,
  resetAt: null,
  pausedUntil: null,
  dailyLimit: null,
  dailyRemaining: null,
};

/** Optional plan budget per day from `KENNEL_<PROFILE>_DAILY_LIMIT`. */
function dailyLimitOf(env: HandlerDeps['env'], profile: ProfileName): number | undefined {
  const raw = env[`KENNEL_${profile.toUpperCase()}_DAILY_LIMIT`];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Builds the one handler table both transports call (through `dispatch`). */
export function createHandlers(deps: HandlerDeps): BridgeHandlers {
  const clients = new Map<ProfileName, { baseUrl: string; client: ApiClient }>();
  const agent = userAgent(deps.appVersion);

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
    const client = createApiClient({
      ...deps.client,
      baseUrl: settings.baseUrl,
      userAgent: agent,
      governors: deps.governors,
      governorOptions:
        daily === undefined ? deps.governorOptions : { ...deps.governorOptions, dailyLimit: daily },
      getKey: () => deps.vault.require(profile),
    });
    clients.set(profile, { baseUrl: settings.baseUrl, client });
    return client;
  }

  async function profileInfo(profile: ProfileName): Promise<ProfileInfo> {
    const settings = await deps.profiles.resolve(profile);
    return {
      name: profile,
      baseUrl: settings.baseUrl,
      baseUrlSource: settings.source,
      hasKey: await deps.vault.has(profile),
      keyStorage: deps.vault.storageOf(profile),
      marked: MARKED.has(profile),
    };
  }

  return {
    appInfo: async () => ({
      name: 'Kennel',
      version: deps.appVersion,
      mode: deps.mode,
      platform: process.platform,
    }),
    listProfiles: () => Promise.all(PROFILES.map(profileInfo)),
    setBaseUrl: async (profile, baseUrl) => {
      await deps.profiles.setBaseUrl(profile, baseUrl);
      clients.delete(profile);
      return profileInfo(profile);
    },
    keyStorageInfo: async (profile) => deps.keyStore.info(profile),
    setKey: async (profile, key, options) => {
      await deps.vault.set(profile, key, options);
      return profileInfo(profile);
    },
    hasKey: (profile) => deps.vault.has(profile),
    clearKey: async (profile) => {
      await deps.vault.clear(profile);
      return profileInfo(profile);
    },
    listPets: async (profile, query) => (await clientFor(profile)).listPets(query),
    getPet: async (profile, id) => (await clientFor(profile)).getPet(id),
    createPet: async (profile, pet, options) => (await clientFor(profile)).createPet(pet, options),
    rateLimit: async (profile) => {
      const settings = await deps.profiles.resolve(profile);
      if (settings.baseUrl === '' || !(await deps.vault.has(profile))) return EMPTY_RATE_LIMIT;
      const key = await deps.vault.require(profile);
      const governor = deps.governors.peek(new URL(settings.baseUrl).origin, key);
      return governor === undefined ? EMPTY_RATE_LIMIT : governor.snapshot();
    },
  };
}

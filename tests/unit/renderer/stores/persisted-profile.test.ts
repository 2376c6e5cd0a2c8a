import { describe, expect, it } from 'vitest';
import { readActiveProfile, writeActiveProfile } from '../../../../src/stores/persisted-profile';

// The profile a fresh install opens.
const DEFAULT_PROFILE = 'local';

// Where the chosen profile is kept: a stored format, so written out here.
const ACTIVE_PROFILE_KEY = 'kennel.activeProfile';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    storage: {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
    },
  };
}

describe('active profile persistence', () => {
  it('round-trips the chosen profile', () => {
    const { storage, map } = memoryStorage();
    writeActiveProfile(storage, 'staging');
    expect(map.get(ACTIVE_PROFILE_KEY)).toBe('staging');
    expect(readActiveProfile(storage)).toBe('staging');
  });

  it('falls back to the default for unknown or missing values', () => {
    expect(readActiveProfile(memoryStorage({ [ACTIVE_PROFILE_KEY]: 'prod' }).storage)).toBe(
      DEFAULT_PROFILE,
    );
    expect(readActiveProfile(memoryStorage().storage)).toBe(DEFAULT_PROFILE);
    expect(readActiveProfile(null)).toBe(DEFAULT_PROFILE);
  });

  it('survives a storage that throws', () => {
    const throwing = {
      getItem: (): string | null => {
        throw new Error('denied');
      },
      setItem: (): void => {
        throw new Error('denied');
      },
    };
    expect(readActiveProfile(throwing)).toBe(DEFAULT_PROFILE);
    expect(() => writeActiveProfile(throwing, 'local')).not.toThrow();
  });
});

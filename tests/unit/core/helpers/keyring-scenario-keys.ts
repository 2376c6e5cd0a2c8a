/** Keys the keyring scenario stores; os-keyring.test.ts looks for them on disk and in the keyring. */
export const SCENARIO_KEYS = {
  local: 'scenario-local-key-7H3kQ9',
  staging: 'scenario-staging-key-2Zp8W',
} as const;

import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { PROFILES, type ProfileName } from '../../contract/profiles';
import { writeFileAtomic } from '../fs/atomic-write';

/**
 * A service seen answering a repeated create with its stored answer
 * (`Idempotent-Replayed: true`): proof that it honours `Idempotency-Key`.
 * Bound to the base URL it was seen at; another URL proves nothing.
 */
interface IdempotencyProof {
  baseUrl: string;
  /** Epoch ms of the first replay seen. */
  provenAt: number;
}

/** What `<dataDir>/config.json` holds. */
export interface KennelConfig {
  baseUrls: Partial<Record<ProfileName, string>>;
  idempotencyProofs: Partial<Record<ProfileName, IdempotencyProof>>;
}

/** A config read back from disk, with what was wrong with it if anything. */
export interface LoadedConfig {
  config: KennelConfig;
  /** Why the file was not usable; its content is then ignored but kept on disk. */
  problem: string | null;
}

/** Path of the config file in a data folder. */
function configPath(dataDir: string): string {
  return join(dataDir, 'config.json');
}

function empty(): KennelConfig {
  return { baseUrls: {}, idempotencyProofs: {} };
}

function isProof(value: unknown): value is IdempotencyProof {
  if (typeof value !== 'object' || value === null) return false;
  const { baseUrl, provenAt } = value as Record<string, unknown>;
  return typeof baseUrl === 'string' && typeof provenAt === 'number' && Number.isFinite(provenAt);
}

/** The proofs that have the expected shape; a damaged one is only a lost shortcut, so it is dropped. */
function readProofs(raw: unknown): KennelConfig['idempotencyProofs'] {
  const proofs: KennelConfig['idempotencyProofs'] = {};
  if (typeof raw !== 'object' || raw === null) return proofs;
  for (const profile of PROFILES) {
    const proof = (raw as Record<string, unknown>)[profile];
    if (isProof(proof)) proofs[profile] = { baseUrl: proof.baseUrl, provenAt: proof.provenAt };
  }
  return proofs;
}

/** Validates parsed JSON as a {@link KennelConfig}; unknown keys are ignored. */
function validate(value: unknown): KennelConfig | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = (value as { baseUrls?: unknown }).baseUrls;
  const config = empty();
  config.idempotencyProofs = readProofs(
    (value as { idempotencyProofs?: unknown }).idempotencyProofs,
  );
  if (raw === undefined) return config;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  for (const profile of PROFILES) {
    const url = (raw as Record<string, unknown>)[profile];
    if (url === undefined) continue;
    if (typeof url !== 'string') return null;
    config.baseUrls[profile] = url;
  }
  return config;
}

/** Reads the config; a missing file is an empty config, a broken one is reported. */
export async function readConfig(dataDir: string): Promise<LoadedConfig> {
  let text: string;
  try {
    text = await readFile(configPath(dataDir), 'utf8');
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') return { config: empty(), problem: null };
    return { config: empty(), problem: 'The settings file could not be read.' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { config: empty(), problem: 'The settings file is not valid JSON.' };
  }
  const config = validate(parsed);
  return config === null
    ? { config: empty(), problem: 'The settings file does not have the expected shape.' }
    : { config, problem: null };
}

/**
 * Writes the config atomically. When the file on disk was unusable it is first
 * moved aside (`config.json.invalid-<time>`) rather than overwritten, so a hand
 * edit gone wrong is not lost.
 */
export async function writeConfig(
  dataDir: string,
  config: KennelConfig,
  previousProblem: string | null,
): Promise<void> {
  const path = configPath(dataDir);
  if (previousProblem !== null) {
    await rename(path, `${path}.invalid-${Date.now()}`).catch(() => undefined);
  }
  await writeFileAtomic(path, `${JSON.stringify(config, null, 2)}\n`);
}

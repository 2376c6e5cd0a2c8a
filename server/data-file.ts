/**
 * The on-disk form of the store: `{ "version": 1, "nextId": N, "pets": [...] }`
 * with ids written as exact JSON integers. Written atomically (temporary file,
 * fsync, rename) so a crash never leaves half a file; read back with checks, and
 * a file that fails them is reported, never overwritten.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { isLosslessNumber } from 'lossless-json';
import { int64Of, parseLossless, stringifyLossless } from './lossless';
import type { StoredPet } from './types';

/** What the data file holds. */
export interface StoreSnapshot {
  nextId: bigint;
  pets: StoredPet[];
}

/** Reads a data file; null when it does not exist. Throws a clear `Error` when it is unusable. */
export function readDataFile(file: string): StoreSnapshot | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`Cannot read data file ${file}: ${(error as Error).message}`, { cause: error });
  }
  const fail = (why: string): never => {
    throw new Error(`Data file ${file} is not a reference-service data file (${why}).`);
  };
  let raw: unknown;
  try {
    raw = parseLossless(text);
  } catch {
    return fail('not valid JSON');
  }
  if (typeof raw !== 'object' || raw === null) return fail('not an object');
  const record = raw as Record<string, unknown>;
  const version = record['version'];
  if (!isLosslessNumber(version) || version.value !== '1') return fail('unknown version');
  const nextId = asInt64(record['nextId']) ?? fail('bad nextId');
  if (!Array.isArray(record['pets'])) return fail('pets is not a list');
  const pets = record['pets'].map((item: unknown, index: number): StoredPet => {
    const pet = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const id = asInt64(pet['id']) ?? fail(`pets[${index}].id`);
    const categoryId = asInt64(pet['categoryId']) ?? fail(`pets[${index}].categoryId`);
    const name = typeof pet['name'] === 'string' ? pet['name'] : fail(`pets[${index}].name`);
    const stored: StoredPet = { id, name, categoryId };
    if (typeof pet['status'] === 'string') stored.status = pet['status'];
    return stored;
  });
  return { nextId, pets };
}

function asInt64(value: unknown): bigint | null {
  return isLosslessNumber(value) ? int64Of(value) : null;
}

/** Data files written by this process, to name each one's temporary file. */
let writes = 0;

/** Writes a data file atomically. */
export function writeDataFile(file: string, snapshot: StoreSnapshot): void {
  const text = stringifyLossless({ version: 1, nextId: snapshot.nextId, pets: snapshot.pets });
  // This process's own name for it: no other writer (another process, an earlier write) shares it.
  writes += 1;
  const temporary = `${file}.${process.pid}.${writes}.tmp`;
  const handle = openSync(temporary, 'w', 0o600);
  try {
    writeSync(handle, `${text}\n`);
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
  renameSync(temporary, file);
}

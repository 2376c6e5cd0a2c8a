import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lstat, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/fs/atomic-write';

/**
 * How a Kennel that finds its page port taken tells "this data folder's
 * Kennel is already there" from "another program holds the port". The running
 * host keeps a random secret in the data folder (private to the user) and
 * answers a fresh challenge with an HMAC of it, so the secret itself never
 * crosses the socket: a program that squats the port cannot learn it by
 * probing a Kennel earlier, nor replay an old answer.
 */

/** The fixed path the host answers the challenge on. */
export const INSTANCE_PATH = '/.well-known/kennel-instance';

/** The request header carrying the challenge. */
export const CHALLENGE_HEADER = 'x-kennel-challenge';

/** 32 random bytes, base64url: the form of both the secret and a challenge. */
const RANDOM_32 = /^[A-Za-z0-9_-]{43}$/;

/** A fresh secret or challenge: 32 random bytes, base64url. */
export function createInstanceRandom(): string {
  return randomBytes(32).toString('base64url');
}

/** True when `value` has the form of a secret or a challenge. */
export function isInstanceRandom(value: unknown): value is string {
  return typeof value === 'string' && RANDOM_32.test(value);
}

/** The answer to `challenge` that only a holder of `secret` can give. */
export function instanceProof(secret: string, challenge: string): string {
  return createHmac('sha256', secret)
    .update(`kennel-instance:${challenge}`, 'utf8')
    .digest('base64url');
}

/** True when `presented` is the answer to `challenge` under `secret`, compared in constant time. */
export function proofMatches(secret: string, challenge: string, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(instanceProof(secret, challenge), 'utf8');
  const given = Buffer.from(presented, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Where the secret of the host on `port` is kept: one file per port, so two
 * hosts on one data folder (one of them moved with `--port`) keep their own.
 */
function secretPath(dataDir: string, port: number): string {
  return join(dataDir, `web-host-${port}.instance`);
}

/** Keeps the running host's secret for `port` in the data folder (0600, folder 0700). */
export async function writeInstanceSecret(
  dataDir: string,
  port: number,
  secret: string,
): Promise<void> {
  await writeFileAtomic(secretPath(dataDir, port), secret);
}

/** Far more than a secret's 43 characters; anything larger is not Kennel's. */
const MAX_SECRET_FILE_BYTES = 256;

/**
 * The secret a Kennel on this data folder left for `port`, or null when there
 * is none or the file is not one Kennel wrote. Only reads: a Kennel turned
 * away from a taken port creates nothing in the data folder.
 */
export async function readInstanceSecret(dataDir: string, port: number): Promise<string | null> {
  const path = secretPath(dataDir, port);
  let handle: Awaited<ReturnType<typeof open>> | null = null;
  try {
    // Only a plain file: opening a pipe or a device put there would wait forever.
    if (!(await lstat(path)).isFile()) return null;
    handle = await open(path, 'r');
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > MAX_SECRET_FILE_BYTES) return null;
    const text = (await handle.readFile('utf8')).trim();
    return isInstanceRandom(text) ? text : null;
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

/** Removes the secret when the host stops, unless another host has since written its own. */
export async function removeInstanceSecret(
  dataDir: string,
  port: number,
  secret: string,
): Promise<void> {
  const path = secretPath(dataDir, port);
  try {
    if ((await readFile(path, 'utf8')).trim() === secret) await rm(path, { force: true });
  } catch {
    // Already gone: nothing to tidy.
  }
}

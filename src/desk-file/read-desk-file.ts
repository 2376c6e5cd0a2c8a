/**
 * Reads a desk file without trusting it: its size is checked before a byte
 * is read, then its bytes are streamed a small step at a time through the
 * unpacking (`desk-unpacking.ts`), handing the window's thread back between
 * steps; the file is never read into one buffer. Reading stops at the first
 * reason to refuse it.
 */
import type { DeskFileContents } from '../data/desk-contents';
import { DESK_FILE_LIMITS, type DeskFileLimits } from './desk-file-limits';
import type { DeskFileRefusal } from './desk-file-refusal';
import { DeskUnpacking } from './desk-unpacking';
import { Pacer } from './pacer';

export type DeskFileRead =
  { ok: true; contents: DeskFileContents } | { ok: false; refusal: DeskFileRefusal };

/**
 * The most handed to the unzipper in one step: a deflated step unpacks to at
 * most about a thousand times its size, so one step stays short even in a bomb.
 */
const STEP_BYTES = 16 * 1024;

/** The desk file in `file`, checked whole, or why it is refused. Rejects only when the file cannot be read. */
export async function readDeskFile(
  file: Blob,
  limits: DeskFileLimits = DESK_FILE_LIMITS,
): Promise<DeskFileRead> {
  if (file.size > limits.fileBytes) {
    return {
      ok: false,
      refusal: { kind: 'too-large', bytes: file.size, limitBytes: limits.fileBytes },
    };
  }
  const unpacking = new DeskUnpacking(limits);
  const pacer = new Pacer();
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let at = 0; at < value.length && unpacking.refusal === null; at += STEP_BYTES) {
      unpacking.push(value.subarray(at, at + STEP_BYTES));
      await unpacking.settle();
      await pacer.breathe();
    }
    if (unpacking.refusal !== null) {
      // The rest of the file is never read.
      await reader.cancel();
      break;
    }
  }
  return unpacking.end();
}

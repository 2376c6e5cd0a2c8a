import { BRIDGE_ERROR_KINDS, type BridgeError } from '../../electron/contract/errors';
import type { BridgeResult } from '../../electron/contract/bridge';

/** True when `value` is a {@link BridgeError} as the Node side sends it. */
function isBridgeError(value: unknown): value is BridgeError {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, message } = value as { kind?: unknown; message?: unknown };
  return (
    typeof kind === 'string' &&
    (BRIDGE_ERROR_KINDS as readonly string[]).includes(kind) &&
    typeof message === 'string'
  );
}

/**
 * True when `value` has the shape of a {@link BridgeResult}. The value itself is
 * typed by the contract; we only check the envelope, since a wrong envelope means
 * we are not talking to the Kennel bridge at all.
 */
export function isBridgeResult(value: unknown): value is BridgeResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const envelope = value as { ok?: unknown; value?: unknown; error?: unknown };
  if (envelope.ok === true) return 'value' in envelope;
  if (envelope.ok === false) return isBridgeError(envelope.error);
  return false;
}

/** A failed {@link BridgeResult} built on the renderer side (transport problems). */
export function transportFailure(
  kind: 'network' | 'timeout' | 'internal',
  message: string,
): { ok: false; error: BridgeError } {
  return { ok: false, error: { kind, message } };
}

import { isPortInUseError } from '../electron/web/index';

/**
 * The one line a launcher prints when Kennel cannot start: no stack trace, no
 * second line. A taken page port gets its own wording: this data folder's
 * Kennel is already open (use it), or another program holds the port, whose
 * page could read what Kennel keeps at that address, so it must not be opened.
 */
export function failureLine(error: unknown): string {
  if (isPortInUseError(error)) {
    const origin = `http://127.0.0.1:${error.port}`;
    if (error.heldBy === 'this-kennel') {
      return `Kennel is already open at ${origin}: use that window (the address it printed when it started).`;
    }
    return (
      `Port ${error.port} is held by another program, not Kennel. Do not open ${origin} in your browser: ` +
      `that program could read the animals and settings Kennel keeps there. ` +
      `Stop it and start Kennel again, or use --port to choose another port.`
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Kennel could not start: ${message.replace(/\s*\n\s*/g, ' ')}`;
}

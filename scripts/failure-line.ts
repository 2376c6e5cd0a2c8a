import { isPortInUseError } from '../electron/web/index';

/**
 * The one line a launcher prints when Kennel cannot start: no stack trace, no
 * second line. A taken page port gets its own wording, because the likely
 * cause (Kennel already running) and the way out (`--port`) are known.
 */
export function failureLine(error: unknown): string {
  if (isPortInUseError(error)) {
    return `Port ${error.port} is in use — is Kennel already running? Use --port to choose another.`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Kennel could not start: ${message.replace(/\s*\n\s*/g, ' ')}`;
}

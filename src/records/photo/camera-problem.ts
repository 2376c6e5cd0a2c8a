/** Why the camera gave no picture, from what `getUserMedia` rejected with. */
export type CameraProblem = 'denied' | 'missing' | 'busy' | 'failed';

/**
 * Refused by the user, the system or the desktop app (`NotAllowedError`,
 * `SecurityError`); no camera, or none that can film (`NotFoundError`,
 * `OverconstrainedError`); a camera another program holds (`NotReadableError`,
 * `AbortError`); anything else.
 */
export function cameraProblem(error: unknown): CameraProblem {
  const name =
    typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'missing';
    case 'NotReadableError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

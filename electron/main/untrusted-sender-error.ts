/**
 * Raised when a bridge call arrives from anything other than the top frame of
 * one of Kennel's own windows showing the app. The message names no method
 * arguments, so nothing the caller sent is echoed back or logged.
 */
export class UntrustedSenderError extends Error {
  override name = 'UntrustedSenderError';

  constructor(channel: string) {
    super(`Refused ${channel}: the call did not come from a Kennel window.`);
  }
}

import { CONTENT_SECURITY_POLICY } from '../core/content-security-policy';

/**
 * Headers on every response of the web host: the same Content Security Policy
 * as the Electron window, no MIME sniffing, no referrer, no framing, and an
 * isolated browsing context group.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
});

/**
 * The Electron side of the Content Security Policy: the policy itself is the
 * core's (`content-security-policy.ts`), shared with the web host and the
 * build; this adds it to the headers of responses the window receives.
 */
export { contentSecurityPolicy } from '../core/content-security-policy';

/** Header names are case-insensitive; drop any existing CSP before adding ours. */
export function withContentSecurityPolicy(
  headers: Record<string, string[]> | undefined,
  policy: string,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') result[name] = value;
  }
  result['Content-Security-Policy'] = [policy];
  return result;
}

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from 'electron';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock, FakeSession } = await import('../mocks/electron');
const { CONTENT_SECURITY_POLICY, contentSecurityPolicy, withContentSecurityPolicy } =
  await import('../../../electron/main/csp');
const { setupCsp } = await import('../../../electron/main/setup-csp');

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('content security policy', () => {
  beforeEach(() => electronMock.reset());

  it('allows only the app itself to run script, with no inline script or eval', () => {
    const policy = directives(CONTENT_SECURITY_POLICY);
    expect(policy.get('script-src')).toBe("'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('connect-src')).toBe("'self'");
  });

  it('shuts objects, base and framing out, and blocks <style> elements in built content', () => {
    const policy = directives(CONTENT_SECURITY_POLICY);
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('style-src')).toBe("'self'");
  });

  it('lets the dev server inject styles, and only in development', () => {
    expect(directives(contentSecurityPolicy({ dev: true })).get('style-src')).toBe(
      "'self' 'unsafe-inline'",
    );
    expect(directives(contentSecurityPolicy({ dev: false })).get('style-src')).toBe("'self'");
  });

  it('replaces any policy a response already had, whatever its header case', () => {
    const headers = withContentSecurityPolicy(
      {
        'content-security-policy': ["default-src *; script-src * 'unsafe-eval'"],
        'X-Other': ['1'],
      },
      'default-src none',
    );
    expect(headers).toEqual({
      'X-Other': ['1'],
      'Content-Security-Policy': ['default-src none'],
    });
  });

  it('adds the policy to every response the session sees', () => {
    const session = new FakeSession();
    setupCsp(session as unknown as Session, CONTENT_SECURITY_POLICY);
    const listener = session.headersListener;
    expect(listener).not.toBeNull();

    let answered: { responseHeaders?: Record<string, string[]> } | undefined;
    listener?.(
      {
        url: 'file:///app/out/renderer/index.html',
        responseHeaders: { 'Content-Type': ['text/html'] },
      },
      (response) => {
        answered = response;
      },
    );
    expect(answered?.responseHeaders?.['Content-Security-Policy']).toEqual([
      CONTENT_SECURITY_POLICY,
    ]);
    expect(answered?.responseHeaders?.['Content-Type']).toEqual(['text/html']);
  });
});

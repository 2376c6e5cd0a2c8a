import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock, FakeWebContents, fakeEvent } = await import('../mocks/electron');
const { externalLinkTarget, isAppNavigation } =
  await import('../../../electron/main/navigation-rule');
const { guardContents, setupContentsGuard } =
  await import('../../../electron/main/setup-contents-guard');

const APP = 'kennel://app/index.html';
const DEV_APP = 'http://localhost:5173/';

describe('navigation rule', () => {
  it('allows the app document itself, with or without a fragment', () => {
    expect(isAppNavigation(APP, APP)).toBe(true);
    expect(isAppNavigation(`${APP}#/pets`, APP)).toBe(true);
  });

  it('refuses other files, other hosts, remote sites and other schemes', () => {
    expect(isAppNavigation('kennel://app/other.html', APP)).toBe(false);
    expect(isAppNavigation('kennel://app/assets/index.js', APP)).toBe(false);
    expect(isAppNavigation('kennel://other/index.html', APP)).toBe(false);
    expect(isAppNavigation('file:///etc/passwd', APP)).toBe(false);
    expect(isAppNavigation('https://evil.example/', APP)).toBe(false);
    expect(isAppNavigation('javascript:alert(1)', APP)).toBe(false);
    expect(isAppNavigation('not a url', APP)).toBe(false);
  });

  it('no longer trusts the built page at its old file:// address', () => {
    const oldAddress = 'file:///opt/Kennel/resources/app/out/renderer/index.html';
    expect(isAppNavigation(oldAddress, APP)).toBe(false);
  });

  it('keeps the dev server to its own origin', () => {
    expect(isAppNavigation('http://localhost:5173/pets', DEV_APP)).toBe(true);
    expect(isAppNavigation('http://localhost:5174/', DEV_APP)).toBe(false);
    expect(isAppNavigation('http://127.0.0.1:5173/', DEV_APP)).toBe(false);
  });

  it('opens only plain https links outside the app', () => {
    expect(externalLinkTarget('https://example.org/help')).toBe('https://example.org/help');
    expect(externalLinkTarget('http://example.org/')).toBeNull();
    expect(externalLinkTarget('file:///etc/passwd')).toBeNull();
    expect(externalLinkTarget('smb://share/x')).toBeNull();
    expect(externalLinkTarget('https://user:pw@example.org/')).toBeNull();
  });
});

describe('web contents guard', () => {
  beforeEach(() => electronMock.reset());

  function guarded(): InstanceType<typeof FakeWebContents> {
    const contents = new FakeWebContents();
    guardContents(contents as unknown as WebContents, APP);
    return contents;
  }

  it('prevents navigation and redirects away from the app, lets in-app ones through', () => {
    const contents = guarded();
    const away = fakeEvent({ url: 'https://evil.example/' });
    contents.emit('will-navigate', away);
    expect(away.defaultPrevented).toBe(true);

    const redirect = fakeEvent({ url: 'https://evil.example/' });
    contents.emit('will-redirect', redirect);
    expect(redirect.defaultPrevented).toBe(true);

    const inApp = fakeEvent({ url: `${APP}#top` });
    contents.emit('will-navigate', inApp);
    expect(inApp.defaultPrevented).toBe(false);
  });

  it('never attaches a webview', () => {
    const contents = guarded();
    const attach = fakeEvent({});
    contents.emit('will-attach-webview', attach);
    expect(attach.defaultPrevented).toBe(true);
  });

  it('denies every new window and offers only https links to the system browser', async () => {
    electronMock.dialog.answer = () => 1;
    const contents = guarded();
    const handler = contents.windowOpenHandler;
    expect(handler).not.toBeNull();
    expect(handler?.({ url: 'https://example.org/' })).toEqual({ action: 'deny' });
    expect(handler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(handler?.({ url: APP })).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(electronMock.shell.opened).toEqual(['https://example.org/']));
    expect(electronMock.dialog.shown).toHaveLength(1);
  });

  it('guards every webContents the app creates', () => {
    setupContentsGuard(APP);
    const contents = new FakeWebContents();
    electronMock.app.emit('web-contents-created', fakeEvent({}), contents);
    const away = fakeEvent({ url: 'https://evil.example/' });
    contents.emit('will-navigate', away);
    expect(away.defaultPrevented).toBe(true);
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({
      action: 'deny',
    });
  });
});

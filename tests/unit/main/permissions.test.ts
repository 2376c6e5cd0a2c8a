import { describe, expect, it, vi } from 'vitest';
import type { Session } from 'electron';

vi.mock('electron', () => import('../mocks/electron'));

const { FakeSession } = await import('../mocks/electron');
const { setupPermissions } = await import('../../../electron/main/setup-permissions');
const {
  CLIPBOARD_WRITE_PERMISSION,
  NOTIFICATIONS_PERMISSION,
  PERSISTENT_STORAGE_PERMISSION,
  isPermissionGranted,
} = await import('../../../electron/main/permission-rule');

const APP_URL = 'kennel://app/index.html';
const APP_WINDOW = 7;
const OTHER_WINDOW = 8;

const OTHER_PERMISSIONS = [
  'media',
  'geolocation',
  'clipboard-read',
  'openExternal',
  'storage-access',
  'fileSystem',
  'unknown',
];

/** A webContents as the handlers see it: an id and the URL it shows. */
function contents(id: number, url = APP_URL): { id: number; getURL(): string } {
  return { id, getURL: () => url };
}

function installed(): InstanceType<typeof FakeSession> {
  const session = new FakeSession();
  setupPermissions(session as unknown as Session, () => ({
    webContentsIds: [APP_WINDOW],
    appUrl: APP_URL,
  }));
  return session;
}

/** Asks the session's request handler and returns what it answered (every call). */
function request(
  session: InstanceType<typeof FakeSession>,
  from: unknown,
  permission: string,
  details: { requestingUrl: string; isMainFrame: boolean },
): boolean[] {
  const answers: boolean[] = [];
  session.permissionRequestHandler?.(from, permission, (granted) => answers.push(granted), details);
  return answers;
}

describe('permission requests', () => {
  it('grant persistent storage to the app window showing the app', () => {
    expect(PERSISTENT_STORAGE_PERMISSION).toBe('persistent-storage');
    const session = installed();
    expect(
      request(session, contents(APP_WINDOW), 'persistent-storage', {
        requestingUrl: `${APP_URL}#/pets`,
        isMainFrame: true,
      }),
    ).toEqual([true]);
  });

  it('grant notifications to the app window showing the app, and to nothing else', () => {
    expect(NOTIFICATIONS_PERMISSION).toBe('notifications');
    const session = installed();
    const app = { requestingUrl: APP_URL, isMainFrame: true };
    expect(request(session, contents(APP_WINDOW), 'notifications', app)).toEqual([true]);
    expect(request(session, contents(OTHER_WINDOW), 'notifications', app)).toEqual([false]);
    expect(
      request(session, contents(APP_WINDOW), 'notifications', { ...app, isMainFrame: false }),
    ).toEqual([false]);
    expect(
      request(session, contents(APP_WINDOW), 'notifications', {
        requestingUrl: 'https://evil.example/',
        isMainFrame: true,
      }),
    ).toEqual([false]);
    const check = session.permissionCheckHandler;
    expect(check?.(contents(APP_WINDOW), 'notifications', 'kennel://app', app)).toBe(true);
    expect(check?.(contents(OTHER_WINDOW), 'notifications', 'kennel://app', app)).toBe(false);
    expect(check?.(null, 'notifications', 'kennel://app', app)).toBe(false);
  });

  it('grant clipboard writes to the app window showing the app, and to nothing else', () => {
    expect(CLIPBOARD_WRITE_PERMISSION).toBe('clipboard-sanitized-write');
    const session = installed();
    const write = 'clipboard-sanitized-write';
    const app = { requestingUrl: APP_URL, isMainFrame: true };
    expect(request(session, contents(APP_WINDOW), write, app)).toEqual([true]);
    expect(request(session, contents(OTHER_WINDOW), write, app)).toEqual([false]);
    expect(request(session, contents(APP_WINDOW), write, { ...app, isMainFrame: false })).toEqual([
      false,
    ]);
    for (const requestingUrl of ['https://evil.example/', 'kennel://other/index.html']) {
      expect(
        request(session, contents(APP_WINDOW), write, { requestingUrl, isMainFrame: true }),
        requestingUrl,
      ).toEqual([false]);
    }
    const check = session.permissionCheckHandler;
    expect(check?.(contents(APP_WINDOW), write, 'kennel://app', app)).toBe(true);
    expect(check?.(contents(OTHER_WINDOW), write, 'kennel://app', app)).toBe(false);
    expect(check?.(null, write, 'kennel://app', app)).toBe(false);
    // Writing only: what else is on the clipboard is never read.
    expect(request(session, contents(APP_WINDOW), 'clipboard-read', app)).toEqual([false]);
    expect(check?.(contents(APP_WINDOW), 'clipboard-read', 'kennel://app', app)).toBe(false);
  });

  it('deny every other permission, even to the app window', () => {
    const session = installed();
    for (const permission of OTHER_PERMISSIONS) {
      expect(
        request(session, contents(APP_WINDOW), permission, {
          requestingUrl: APP_URL,
          isMainFrame: true,
        }),
        permission,
      ).toEqual([false]);
    }
  });

  it('deny persistent storage to another webContents, an iframe or a foreign page', () => {
    const session = installed();
    const storage = 'persistent-storage';
    expect(
      request(session, contents(OTHER_WINDOW), storage, {
        requestingUrl: APP_URL,
        isMainFrame: true,
      }),
    ).toEqual([false]);
    expect(
      request(session, contents(APP_WINDOW), storage, {
        requestingUrl: APP_URL,
        isMainFrame: false,
      }),
    ).toEqual([false]);
    for (const requestingUrl of [
      'https://evil.example/',
      'file:///etc/passwd',
      'file:///opt/kennel/out/renderer/index.html',
      'kennel://app/other.html',
      'kennel://other/index.html',
    ]) {
      expect(
        request(session, contents(APP_WINDOW), storage, { requestingUrl, isMainFrame: true }),
        requestingUrl,
      ).toEqual([false]);
    }
  });
});

describe('permission checks', () => {
  it('report persistent storage as granted only for the app window', () => {
    const session = installed();
    const check = session.permissionCheckHandler;
    expect(check).not.toBeNull();
    const main = { requestingUrl: APP_URL, isMainFrame: true };
    expect(check?.(contents(APP_WINDOW), 'persistent-storage', 'kennel://app', main)).toBe(true);
    expect(check?.(contents(OTHER_WINDOW), 'persistent-storage', 'kennel://app', main)).toBe(false);
    expect(check?.(null, 'persistent-storage', 'kennel://app', main)).toBe(false);
    expect(
      check?.(contents(APP_WINDOW), 'persistent-storage', 'kennel://app', {
        ...main,
        isMainFrame: false,
      }),
    ).toBe(false);
  });

  it('fall back to the URL the window shows when the check carries none', () => {
    const session = installed();
    const check = session.permissionCheckHandler;
    const noUrl = { isMainFrame: true };
    expect(check?.(contents(APP_WINDOW), 'persistent-storage', 'kennel://app', noUrl)).toBe(true);
    expect(
      check?.(
        contents(APP_WINDOW, 'https://evil.example/'),
        'persistent-storage',
        'https://evil.example',
        noUrl,
      ),
    ).toBe(false);
    expect(check?.(contents(APP_WINDOW, ''), 'persistent-storage', '', noUrl)).toBe(false);
  });

  it('deny every other permission check', () => {
    const session = installed();
    const main = { requestingUrl: APP_URL, isMainFrame: true };
    for (const permission of OTHER_PERMISSIONS) {
      expect(
        session.permissionCheckHandler?.(contents(APP_WINDOW), permission, 'kennel://app', main),
        permission,
      ).toBe(false);
    }
  });
});

describe('permission rule', () => {
  it('follows the app document on the dev server too, and nothing else', () => {
    const trusted = { webContentsIds: [1], appUrl: 'http://localhost:5173/' };
    const facts = {
      permission: 'persistent-storage',
      webContentsId: 1,
      requestingUrl: 'http://localhost:5173/#/x',
      isMainFrame: true,
    };
    expect(isPermissionGranted(facts, trusted)).toBe(true);
    expect(
      isPermissionGranted({ ...facts, requestingUrl: 'http://localhost:5174/' }, trusted),
    ).toBe(false);
    expect(isPermissionGranted({ ...facts, requestingUrl: null }, trusted)).toBe(false);
    expect(isPermissionGranted({ ...facts, webContentsId: null }, trusted)).toBe(false);
  });
});

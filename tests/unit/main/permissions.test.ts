import { describe, expect, it, vi } from 'vitest';
import type { Session } from 'electron';

vi.mock('electron', () => import('../mocks/electron'));

const { FakeSession } = await import('../mocks/electron');
const { setupPermissions } = await import('../../../electron/main/setup-permissions');
const { isPermissionGranted } = await import('../../../electron/main/permission-rule');

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

/**
 * A session with the handlers installed, for the app window `APP_WINDOW`;
 * `cameraViews` is read at each question, so a test opens and closes the
 * camera view by changing it.
 */
function installed(cameraViews: number[] = []): InstanceType<typeof FakeSession> {
  const session = new FakeSession();
  setupPermissions(
    session as unknown as Session,
    () => ({ webContentsIds: [APP_WINDOW], appUrl: APP_URL }),
    () => cameraViews,
  );
  return session;
}

/** Asks the session's request handler and returns what it answered (every call). */
function request(
  session: InstanceType<typeof FakeSession>,
  from: unknown,
  permission: string,
  details: { requestingUrl: string; isMainFrame: boolean; mediaTypes?: string[] },
): boolean[] {
  const answers: boolean[] = [];
  session.permissionRequestHandler?.(from, permission, (granted) => answers.push(granted), details);
  return answers;
}

describe('permission requests', () => {
  it('grant persistent storage to the app window showing the app', () => {
    const session = installed();
    expect(
      request(session, contents(APP_WINDOW), 'persistent-storage', {
        requestingUrl: `${APP_URL}#/pets`,
        isMainFrame: true,
      }),
    ).toEqual([true]);
  });

  it('grant notifications to the app window showing the app, and to nothing else', () => {
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

describe('the camera', () => {
  const app = { requestingUrl: `${APP_URL}#/pets`, isMainFrame: true };
  const video = { ...app, mediaTypes: ['video'] };

  it('is granted to the app window only while its camera view is open', () => {
    const cameraViews: number[] = [];
    const session = installed(cameraViews);
    expect(request(session, contents(APP_WINDOW), 'media', video)).toEqual([false]);
    cameraViews.push(APP_WINDOW);
    expect(request(session, contents(APP_WINDOW), 'media', video)).toEqual([true]);
    cameraViews.length = 0;
    expect(request(session, contents(APP_WINDOW), 'media', video)).toEqual([false]);
  });

  it('is video alone: never the microphone, nor a request that does not say', () => {
    const session = installed([APP_WINDOW]);
    for (const mediaTypes of [['audio'], ['video', 'audio'], ['audio', 'video'], [], ['unknown']]) {
      expect(
        request(session, contents(APP_WINDOW), 'media', { ...app, mediaTypes }),
        mediaTypes.join(),
      ).toEqual([false]);
    }
    expect(request(session, contents(APP_WINDOW), 'media', app)).toEqual([false]);
  });

  it('is denied to another webContents, an iframe or a foreign page, camera view open or not', () => {
    const session = installed([APP_WINDOW, OTHER_WINDOW]);
    expect(request(session, contents(OTHER_WINDOW), 'media', video)).toEqual([false]);
    expect(
      request(session, contents(APP_WINDOW), 'media', { ...video, isMainFrame: false }),
    ).toEqual([false]);
    for (const requestingUrl of ['https://evil.example/', 'kennel://other/index.html']) {
      expect(
        request(session, contents(APP_WINDOW), 'media', { ...video, requestingUrl }),
        requestingUrl,
      ).toEqual([false]);
    }
  });

  it('is reported by the check for video while the view is open, and never for audio', () => {
    const cameraViews = [APP_WINDOW];
    const check = installed(cameraViews).permissionCheckHandler;
    const asked = (
      mediaType: string | undefined,
      from = contents(APP_WINDOW),
    ): boolean | undefined =>
      check?.(from, 'media', 'kennel://app', {
        ...app,
        ...(mediaType === undefined ? {} : { mediaType }),
      });
    expect(asked('video')).toBe(true);
    expect(asked('audio')).toBe(false);
    expect(asked('unknown')).toBe(false);
    expect(asked(undefined)).toBe(false);
    expect(asked('video', contents(OTHER_WINDOW))).toBe(false);
    cameraViews.length = 0;
    expect(asked('video')).toBe(false);
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
      mediaTypes: [],
    };
    expect(isPermissionGranted(facts, trusted, [])).toBe(true);
    expect(
      isPermissionGranted({ ...facts, requestingUrl: 'http://localhost:5174/' }, trusted, []),
    ).toBe(false);
    expect(isPermissionGranted({ ...facts, requestingUrl: null }, trusted, [])).toBe(false);
    expect(isPermissionGranted({ ...facts, webContentsId: null }, trusted, [])).toBe(false);
    const camera = { ...facts, permission: 'media', mediaTypes: ['video'] };
    expect(isPermissionGranted(camera, trusted, [1])).toBe(true);
    expect(isPermissionGranted({ ...camera, webContentsId: null }, trusted, [1])).toBe(false);
  });
});

import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from 'electron';
import { CAMERA_VIEW_CHANNEL } from '../../../electron/contract/camera-view';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock, FakeSession } = await import('../mocks/electron');
const { setupCameraViews } = await import('../../../electron/main/camera-views');
const { setupPermissions } = await import('../../../electron/main/setup-permissions');
const { UntrustedSenderError } = await import('../../../electron/main/untrusted-sender-error');

const APP_URL = 'kennel://app/index.html';
const APP_WINDOW = 7;
const OTHER_WINDOW = 8;

/** A webContents as the handler sees it: an id, the events it follows, the URL it shows. */
class FakeContents extends EventEmitter {
  constructor(
    readonly id: number,
    private readonly url = APP_URL,
  ) {
    super();
  }
  getURL(): string {
    return this.url;
  }
}

function ipcEvent(sender: FakeContents, url = APP_URL, parent: object | null = null) {
  return { sender, senderFrame: { url, parent } };
}

const trusted = () => ({ webContentsIds: [APP_WINDOW], appUrl: APP_URL });

function installed() {
  const views = setupCameraViews(trusted);
  const handler = electronMock.ipcMain.handlers.get(CAMERA_VIEW_CHANNEL);
  if (handler === undefined) throw new Error('no handler on the camera channel');
  return { views, say: (event: unknown, open: unknown) => handler(event, open) };
}

beforeEach(() => electronMock.reset());

describe('the camera view of an app window', () => {
  it('is open between the renderer saying so and saying it closed', () => {
    const { views, say } = installed();
    const window = new FakeContents(APP_WINDOW);
    expect(views.openIds()).toEqual([]);
    say(ipcEvent(window), true);
    expect(views.openIds()).toEqual([APP_WINDOW]);
    // Said twice, still one window.
    say(ipcEvent(window), true);
    expect(views.openIds()).toEqual([APP_WINDOW]);
    say(ipcEvent(window), false);
    expect(views.openIds()).toEqual([]);
  });

  it('opens for `true` alone', () => {
    const { views, say } = installed();
    const window = new FakeContents(APP_WINDOW);
    for (const value of ['true', 1, {}, undefined, null]) {
      say(ipcEvent(window), value);
      expect(views.openIds(), String(value)).toEqual([]);
    }
  });

  it('closes when the window reloads or leaves, its renderer crashes or it is destroyed', () => {
    const { views, say } = installed();
    for (const event of ['did-navigate', 'render-process-gone', 'destroyed']) {
      const window = new FakeContents(APP_WINDOW);
      say(ipcEvent(window), true);
      expect(views.openIds(), event).toEqual([APP_WINDOW]);
      window.emit(event);
      expect(views.openIds(), event).toEqual([]);
    }
  });

  it('is refused from another webContents, an iframe or a foreign page', () => {
    const { views, say } = installed();
    const refused = [
      ipcEvent(new FakeContents(OTHER_WINDOW)),
      ipcEvent(new FakeContents(APP_WINDOW), APP_URL, {}),
      ipcEvent(new FakeContents(APP_WINDOW), 'https://evil.example/'),
    ];
    for (const event of refused) {
      let thrown: unknown = null;
      try {
        say(event, true);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UntrustedSenderError);
    }
    expect(views.openIds()).toEqual([]);
  });

  it('is what the permission handler grants the camera by', () => {
    const { views, say } = installed();
    const session = new FakeSession();
    setupPermissions(session as unknown as Session, trusted, views.openIds);
    const window = new FakeContents(APP_WINDOW);
    const ask = (): boolean[] => {
      const answers: boolean[] = [];
      session.permissionRequestHandler?.(window, 'media', (granted) => answers.push(granted), {
        requestingUrl: APP_URL,
        isMainFrame: true,
        mediaTypes: ['video'],
      });
      return answers;
    };
    expect(ask()).toEqual([false]);
    say(ipcEvent(window), true);
    expect(ask()).toEqual([true]);
    say(ipcEvent(window), false);
    expect(ask()).toEqual([false]);
    say(ipcEvent(window), true);
    window.emit('did-navigate');
    expect(ask()).toEqual([false]);
  });
});

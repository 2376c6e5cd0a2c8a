import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  askNoticePermission,
  noticePermission,
  showNotice,
} from '../../../../src/sync/notify-delivery';

const notice = { title: 'All intake sent', body: 'Everything has been sent.' };

/** A Web Notification API with the given permission, recording what was shown. */
function fakeWebNotifications(permission: NotificationPermission, answer = permission) {
  const shown: { title: string; body: string | undefined }[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(() => Promise.resolve(answer));
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, api: FakeNotification };
}

afterEach(() => vi.unstubAllGlobals());

describe('desktop notices in a browser', () => {
  it('are shown only once the user allowed them', () => {
    const denied = fakeWebNotifications('default');
    showNotice(notice);
    expect(denied.shown).toEqual([]);
    const granted = fakeWebNotifications('granted');
    showNotice(notice);
    expect(granted.shown).toEqual([notice]);
  });

  it('are asked for only when the user turns them on', async () => {
    const web = fakeWebNotifications('default', 'granted');
    expect(noticePermission()).toBe('default');
    expect(web.api.requestPermission).not.toHaveBeenCalled();
    await expect(askNoticePermission()).resolves.toBe('granted');
    expect(web.api.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('are unsupported where there is no Notification API', async () => {
    vi.stubGlobal('Notification', undefined);
    expect(noticePermission()).toBe('unsupported');
    await expect(askNoticePermission()).resolves.toBe('unsupported');
    expect(() => showNotice(notice)).not.toThrow();
  });
});

describe('desktop notices in the desktop app', () => {
  it('go to the main process, never to the Web Notification API', async () => {
    const web = fakeWebNotifications('granted');
    const sent: unknown[] = [];
    vi.stubGlobal('kennelNotify', (n: unknown) => {
      sent.push(n);
      return Promise.resolve(true);
    });
    expect(noticePermission()).toBe('granted');
    await expect(askNoticePermission()).resolves.toBe('granted');
    showNotice(notice);
    expect(sent).toEqual([notice]);
    expect(web.shown).toEqual([]);
    expect(web.api.requestPermission).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { Session } from 'electron';

vi.mock('electron', () => import('../mocks/electron'));

const { FakeSession } = await import('../mocks/electron');
const { setupPermissions } = await import('../../../electron/main/setup-permissions');

const PERMISSIONS = [
  'media',
  'geolocation',
  'notifications',
  'clipboard-read',
  'openExternal',
  'persistent-storage',
];

describe('permission handlers', () => {
  it('deny every permission request', () => {
    const session = new FakeSession();
    setupPermissions(session as unknown as Session);
    const handler = session.permissionRequestHandler;
    expect(handler).not.toBeNull();
    for (const permission of PERMISSIONS) {
      const answers: boolean[] = [];
      handler?.({}, permission, (granted) => answers.push(granted), {});
      expect(answers, permission).toEqual([false]);
    }
  });

  it('deny every permission check', () => {
    const session = new FakeSession();
    setupPermissions(session as unknown as Session);
    const check = session.permissionCheckHandler;
    expect(check).not.toBeNull();
    for (const permission of PERMISSIONS) {
      expect(check?.(null, permission, 'file://', {}), permission).toBe(false);
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceCameraView } from '../../../../src/bridge/camera-view';

afterEach(() => vi.unstubAllGlobals());

describe('the camera view announced to the desktop app', () => {
  it('is passed to the preload’s kennelCamera, and waited for', async () => {
    const said: boolean[] = [];
    const answers: (() => void)[] = [];
    vi.stubGlobal('kennelCamera', (open: boolean) => {
      said.push(open);
      return new Promise<void>((resolve) => answers.push(resolve));
    });
    let done = false;
    const opened = announceCameraView(true).then(() => (done = true));
    await Promise.resolve();
    expect(said).toEqual([true]);
    expect(done).toBe(false);
    answers[0]?.();
    await opened;
    expect(done).toBe(true);
    const closed = announceCameraView(false);
    answers[1]?.();
    await closed;
    expect(said).toEqual([true, false]);
  });

  it('never rejects, even when the main process refused it', async () => {
    vi.stubGlobal('kennelCamera', () => Promise.reject(new Error('not a Kennel window')));
    await expect(announceCameraView(true)).resolves.toBeUndefined();
  });

  it('does nothing in a browser, which asks the user itself', async () => {
    expect((globalThis as { kennelCamera?: unknown }).kennelCamera).toBeUndefined();
    await expect(announceCameraView(true)).resolves.toBeUndefined();
  });
});

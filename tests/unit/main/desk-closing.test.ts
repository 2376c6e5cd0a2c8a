import { describe, expect, it } from 'vitest';
import { createDeskClosing } from '../../../electron/main/desk-closing';

/** The longest a close waits for the window's copy: twenty seconds. */
const COPY_WAIT_MS = 20_000;

/** A clock that only moves when told: the waits set, and moving past them. */
function manualTimers() {
  const waits: { at: number; then: () => void; cancelled: boolean }[] = [];
  let now = 0;
  return {
    after(ms: number, then: () => void): () => void {
      const wait = { at: now + ms, then, cancelled: false };
      waits.push(wait);
      return () => {
        wait.cancelled = true;
      };
    },
    advance(ms: number): void {
      now += ms;
      for (const wait of waits.splice(0)) {
        if (wait.cancelled) continue;
        if (wait.at <= now) wait.then();
        else waits.push(wait);
      }
    },
    pending: () => waits.filter((wait) => !wait.cancelled).length,
  };
}

function closing(windowOpen = true) {
  const timers = manualTimers();
  const asked: string[] = [];
  const released: string[] = [];
  let hasWindow = windowOpen;
  const desk = createDeskClosing({
    hasWindow: () => hasWindow,
    ask: () => asked.push('quit'),
    after: timers.after,
  });
  return {
    desk,
    timers,
    asked,
    released,
    release: (what: string) => () => released.push(what),
    closeWindow: () => {
      hasWindow = false;
    },
  };
}

describe('the copy at quit', () => {
  it('holds the quit, asks the window once, and quits when the copy is kept', () => {
    const { desk, timers, asked, released, release } = closing();
    expect(desk.hold(release('quit'))).toBe(true);
    expect(asked).toEqual(['quit']);
    expect(released).toEqual([]);
    desk.kept();
    expect(released).toEqual(['quit']);
    // The quit that follows, and the window's own close after it, pass.
    expect(desk.hold(release('again'))).toBe(false);
    expect(desk.hold(release('window'))).toBe(false);
    expect(asked).toEqual(['quit']);
    expect(timers.pending()).toBe(0);
    // A late answer changes nothing.
    desk.kept();
    expect(released).toEqual(['quit']);
  });

  it('quits after the longest wait when no copy comes', () => {
    const { desk, timers, released, release } = closing();
    expect(desk.hold(release('quit'))).toBe(true);
    timers.advance(COPY_WAIT_MS - 1);
    expect(released).toEqual([]);
    timers.advance(1);
    expect(released).toEqual(['quit']);
    expect(desk.state()).toBe('letting-go');
    desk.kept();
    expect(released).toEqual(['quit']);
  });

  it('quits at once without asking when there is no window', () => {
    const { desk, asked, timers, release } = closing(false);
    expect(desk.hold(release('quit'))).toBe(false);
    expect(asked).toEqual([]);
    expect(timers.pending()).toBe(0);
  });

  it('lets a second quit during the wait go at once, and the held one never fires', () => {
    const { desk, timers, released, release } = closing();
    expect(desk.hold(release('first'))).toBe(true);
    expect(desk.hold(release('second'))).toBe(false);
    expect(timers.pending()).toBe(0);
    timers.advance(COPY_WAIT_MS);
    desk.kept();
    expect(released).toEqual([]);
  });

  it('goes on when the window crashes or closes during the wait', () => {
    const { desk, released, release, closeWindow } = closing();
    expect(desk.hold(release('quit'))).toBe(true);
    closeWindow();
    desk.windowGone();
    expect(released).toEqual(['quit']);
  });

  it('asks again at the next close once a new window opened after a close that did not quit', () => {
    const { desk, asked, released, release } = closing();
    expect(desk.hold(release('window'))).toBe(true);
    desk.kept();
    expect(released).toEqual(['window']);
    // The window that opens next (macOS keeps the app running) is asked again at quit.
    desk.reopened();
    expect(desk.hold(release('quit'))).toBe(true);
    expect(asked).toEqual(['quit', 'quit']);
  });

  it('does not forget a held close when a window opens during the wait', () => {
    const { desk, released, release } = closing();
    expect(desk.hold(release('quit'))).toBe(true);
    desk.reopened();
    expect(desk.state()).toBe('asking');
    desk.kept();
    expect(released).toEqual(['quit']);
  });
});

describe('asking staff first', () => {
  /** A closing whose question is answered by the test. */
  function asking() {
    const timers = manualTimers();
    const asked: string[] = [];
    const released: string[] = [];
    const answers: ((go: boolean) => void)[] = [];
    const failures: ((error: Error) => void)[] = [];
    const desk = createDeskClosing({
      hasWindow: () => true,
      ask: () => asked.push('quit'),
      after: timers.after,
      askFirst: () =>
        new Promise<boolean>((resolve, reject) => {
          answers.push(resolve);
          failures.push(reject);
        }),
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { desk, timers, asked, released, answers, failures, settle };
  }

  it('holds for the question first, then for the copy, then closes', async () => {
    const { desk, asked, released, answers, settle } = asking();
    expect(desk.hold(() => released.push('window'))).toBe(true);
    expect(desk.state()).toBe('questioning');
    expect(asked).toEqual([]);
    answers[0]?.(true);
    await settle();
    expect(desk.state()).toBe('asking');
    expect(asked).toEqual(['quit']);
    desk.kept();
    expect(released).toEqual(['window']);
  });

  it('keeps Kennel open: nothing is released, no copy asked, and the next close asks again', async () => {
    const { desk, asked, released, answers, settle } = asking();
    expect(desk.hold(() => released.push('window'))).toBe(true);
    answers[0]?.(false);
    await settle();
    expect(desk.state()).toBe('open');
    expect(asked).toEqual([]);
    expect(released).toEqual([]);
    expect(desk.hold(() => released.push('again'))).toBe(true);
    expect(answers).toHaveLength(2);
  });

  it('holds every close during the question and lets them all go with its answer', async () => {
    const { desk, released, answers, settle } = asking();
    expect(desk.hold(() => released.push('window'))).toBe(true);
    expect(desk.hold(() => released.push('quit'))).toBe(true);
    expect(answers).toHaveLength(1);
    answers[0]?.(true);
    await settle();
    desk.kept();
    expect(released).toEqual(['window', 'quit']);
  });

  it('goes on when the window goes during the question, and takes no late answer', async () => {
    const { desk, asked, released, answers, settle } = asking();
    expect(desk.hold(() => released.push('window'))).toBe(true);
    desk.windowGone();
    expect(released).toEqual(['window']);
    answers[0]?.(false);
    await settle();
    expect(desk.state()).toBe('letting-go');
    expect(asked).toEqual([]);
  });

  it('goes on closing when the question itself fails', async () => {
    const { desk, asked, failures, settle } = asking();
    expect(desk.hold(() => undefined)).toBe(true);
    expect(desk.state()).toBe('questioning');
    failures[0]?.(new Error('no dialog'));
    await settle();
    expect(asked).toEqual(['quit']);
  });
});

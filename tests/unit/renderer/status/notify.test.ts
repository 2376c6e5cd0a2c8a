import { beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../../src/i18n';
import {
  decideNotices,
  FRESH_MEMORY,
  type NotifyMemory,
  type NotifySnapshot,
} from '../../../../src/sync/notify';

function snap(patch: Partial<NotifySnapshot>): NotifySnapshot {
  return { connection: 'online', waiting: 0, attention: [], ...patch };
}

/** Feeds snapshots in order and returns every notice title and body given. */
function run(snapshots: NotifySnapshot[]): string[] {
  let memory: NotifyMemory = FRESH_MEMORY;
  const said: string[] = [];
  for (const next of snapshots) {
    const decided = decideNotices(memory, next);
    memory = decided.memory;
    for (const notice of decided.notices) said.push(`${notice.title}: ${notice.body}`);
  }
  return said;
}

beforeEach(() => applyLanguage('en'));

describe('decideNotices', () => {
  it('tells once when the queue kept offline has all been sent', () => {
    const said = run([
      snap({ connection: 'online' }),
      snap({ connection: 'offline' }),
      snap({ connection: 'offline', waiting: 1 }),
      snap({ connection: 'offline', waiting: 2 }),
      snap({ connection: 'online', waiting: 2 }),
      snap({ connection: 'online', waiting: 1 }),
      snap({ connection: 'online', waiting: 0 }),
      snap({ connection: 'online', waiting: 0 }),
    ]);
    expect(said).toEqual([
      'All intake sent: Everything added while the service was out of reach has been sent.',
    ]);
  });

  it('says nothing for intake sent while online, or an offline spell with nothing queued', () => {
    expect(
      run([
        snap({ waiting: 1 }),
        snap({ waiting: 0 }),
        snap({ connection: 'offline' }),
        snap({ connection: 'online' }),
      ]),
    ).toEqual([]);
  });

  it('names a newly refused animal, counts several, and never repeats one', () => {
    const rex = { id: 'a', name: 'Rex' };
    const said = run([
      snap({}),
      snap({ attention: [rex] }),
      snap({ attention: [rex] }),
      snap({ attention: [rex, { id: 'b', name: 'Tom' }, { id: 'c', name: 'Kit' }] }),
    ]);
    expect(said).toEqual([
      'Needs attention: The service refused Rex. Open Needs attention to correct or resend it.',
      'Needs attention: The service refused 2 animals. Open Needs attention to correct or resend them.',
    ]);
  });

  it('does not tell about animals that already needed attention at start', () => {
    const old = { id: 'a', name: 'Rex' };
    expect(
      run([
        snap({ connection: 'unknown' }),
        snap({ attention: [old] }),
        snap({ attention: [old] }),
      ]),
    ).toEqual([]);
  });

  it('speaks the chosen language', async () => {
    await applyLanguage('es');
    expect(run([snap({}), snap({ attention: [{ id: 'a', name: 'Rex' }] })])[0]).toMatch(
      /^Requiere atención: El servicio rechazó a Rex/,
    );
  });
});

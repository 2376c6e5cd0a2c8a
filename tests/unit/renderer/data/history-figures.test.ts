import { afterEach, describe, expect, it } from 'vitest';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { takeBack } from '../../../../src/data/take-back';
import { describeHistory, historyCount } from '../../../../src/data/storage-health';
import { applyLanguage } from '../../../../src/i18n';
import { freshProfileDb } from './test-db';

afterEach(() => applyLanguage('en'));

describe('the desk’s history in the storage figures', () => {
  it('counts the profile’s own rows only', async () => {
    const db = freshProfileDb();
    const other = freshProfileDb('staging');
    expect(await historyCount(db)).toBe(0);
    const { outboxId } = await enqueueIntake(db, 'local', { name: 'Pip', categoryId: '2' });
    await takeBack(db, [outboxId]);
    await enqueueIntake(other, 'staging', { name: 'Moss', categoryId: '2' });
    expect(await historyCount(db)).toBe(2);
    expect(await historyCount(other)).toBe(1);
  });

  it('says how many, for which profile, in both languages', async () => {
    expect(describeHistory(0, 'local')).toBe(
      'The Local profile keeps no history of this desk yet.',
    );
    expect(describeHistory(1, 'staging')).toBe(
      'The Staging profile keeps one entry of this desk’s history on this computer.',
    );
    expect(describeHistory(1200, 'production')).toBe(
      'The Production profile keeps 1,200 entries of this desk’s history on this computer.',
    );
    await applyLanguage('es');
    expect(describeHistory(3, 'local')).toBe(
      'El perfil Local guarda 3 entradas del historial de este puesto en este equipo.',
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { PET_STATUSES } from '../../../../electron/contract/pet';
import { statusFromText, statusName } from '../../../../src/animals/status-name';
import { applyLanguage } from '../../../../src/i18n';

afterEach(() => applyLanguage('en'));

describe('statusName', () => {
  it('says the shelter’s words for the service’s statuses', () => {
    expect(PET_STATUSES.map(statusName)).toEqual(['Available', 'Adoption pending', 'Adopted']);
  });

  it('calls a missing status "No status", however it is missing', () => {
    expect(statusName(null)).toBe('No status');
    expect(statusName(undefined)).toBe('No status');
    expect(statusName('  ')).toBe('No status');
  });

  it('shows a status the spec does not name as the service sent it', () => {
    expect(statusName('quarantined')).toBe('quarantined');
  });

  it('speaks Spanish when Spanish is chosen', async () => {
    await applyLanguage('es');
    expect([...PET_STATUSES, null].map(statusName)).toEqual([
      'Disponible',
      'Adopción pendiente',
      'Adoptado',
      'Sin estado',
    ]);
  });
});

describe('statusFromText', () => {
  it('reads the value and the words on screen, case and accents aside', () => {
    expect(['sold', 'ADOPTED', ' adoption  pending ', 'Available', ''].map(statusFromText)).toEqual(
      ['sold', 'sold', 'pending', 'available', null],
    );
    expect(statusFromText('Adoptados')).toBeNull();
  });

  it('reads the words of the language chosen, and forgets those of the last one', async () => {
    expect(statusFromText('Adopted')).toBe('sold');
    await applyLanguage('es');
    expect(['Adoptados', 'adopcion pendiente', 'disponible', 'sold'].map(statusFromText)).toEqual([
      'sold',
      'pending',
      'available',
      'sold',
    ]);
    expect(statusFromText('Adopted')).toBeNull();
    await applyLanguage('en');
    expect(statusFromText('Adoptados')).toBeNull();
  });
});

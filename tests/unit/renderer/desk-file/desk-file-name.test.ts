import { describe, expect, it } from 'vitest';
import { DESK_FILE_EXTENSION, deskFileName } from '../../../../src/desk-file/desk-file-name';

describe('deskFileName', () => {
  it.each([
    [new Date(2026, 0, 5, 0, 0), 'kennel-desk-2026-01-05.kennel'],
    // Late in the evening is still that day on this computer's calendar, whatever UTC says.
    [new Date(2026, 0, 5, 23, 59), 'kennel-desk-2026-01-05.kennel'],
    [new Date(2027, 11, 31, 12, 0), 'kennel-desk-2027-12-31.kennel'],
  ])('names a file saved at %s for its local day', (savedAt, name) => {
    expect(deskFileName(savedAt.getTime())).toBe(name);
  });

  it('ends with the desk file extension', () => {
    expect(DESK_FILE_EXTENSION).toBe('.kennel');
    expect(deskFileName(Date.now()).endsWith(DESK_FILE_EXTENSION)).toBe(true);
  });
});

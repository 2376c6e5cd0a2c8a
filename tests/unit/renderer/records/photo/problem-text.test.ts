import { describe, expect, it } from 'vitest';
import { photoProblemText } from '../../../../../src/records/photo/problem-text';

describe('why a file was refused, as staff read it', () => {
  it('names the size limit for a file too large', () => {
    expect(photoProblemText('too-large')).toBe(
      'This file is larger than 20 MB, so Kennel did not open it. Choose a smaller photo.',
    );
  });

  it('names the formats that work for a file that cannot be read or is no photo', () => {
    for (const problem of ['unreadable', 'not-an-image'] as const) {
      expect(photoProblemText(problem), problem).toMatch(/JPEG, PNG or WebP/);
    }
    expect(photoProblemText('unreadable')).not.toBe(photoProblemText('not-an-image'));
  });
});

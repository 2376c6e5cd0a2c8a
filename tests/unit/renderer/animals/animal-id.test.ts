import { describe, expect, it } from 'vitest';
import { parseAnimalId } from '../../../../src/animals/animal-id';

describe('parseAnimalId', () => {
  it('accepts a whole number and trims spaces', () => {
    expect(parseAnimalId(' 42 ')).toEqual({ ok: true, id: '42' });
  });

  it('keeps IDs above 2^53 exact', () => {
    expect(parseAnimalId('9007199254740993')).toEqual({ ok: true, id: '9007199254740993' });
    expect(parseAnimalId('9223372036854775807')).toEqual({ ok: true, id: '9223372036854775807' });
  });

  it('drops leading zeros', () => {
    expect(parseAnimalId('007')).toEqual({ ok: true, id: '7' });
  });

  it.each(['', '   ', 'abc', '-3', '1.5', '1e3', '0', '000', '9223372036854775808'])(
    'refuses %j with a message',
    (raw) => {
      const parsed = parseAnimalId(raw);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message.length).toBeGreaterThan(0);
    },
  );
});

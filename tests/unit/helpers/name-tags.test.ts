import { describe, expect, it } from 'vitest';
import { nameTags } from '../../helpers/name-tags';
import { seededRandom } from '../../helpers/seed';

const take = (draw: () => string, n: number): string[] => Array.from({ length: n }, draw);

describe('tags of test names', () => {
  it('are the same for the same seed, so a replayed run types the same names', () => {
    const first = take(nameTags(seededRandom(20261128)), 5);
    expect(take(nameTags(seededRandom(20261128)), 5)).toEqual(first);
    expect(take(nameTags(seededRandom(20261129)), 5)).not.toEqual(first);
    for (const tag of first) expect(tag).toMatch(/^[0-9a-f]{6}$/);
  });

  it('never repeat within one drawer, even when the die does', () => {
    const rolls = [0.5, 0.5, 0.25, 0.5, 0.75];
    const draw = nameTags(() => rolls.shift() ?? 0);
    expect(take(draw, 3)).toEqual(['800000', '400000', 'c00000']);
  });
});

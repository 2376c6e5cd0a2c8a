import { describe, expect, it } from 'vitest';
import { rowBadge } from '../../../../src/animals/row-badge';
import type { CachedPet } from '../../../../src/data/db';

function row(patch: Partial<CachedPet>): CachedPet {
  return {
    key: 'local:e1',
    id: null,
    name: 'Rex',
    categoryId: '3',
    status: null,
    pending: 1,
    outboxId: 'e1',
    order: '0',
    updatedAt: 0,
    firstSeenAt: 0,
    ...patch,
  };
}

describe('rowBadge', () => {
  it('says a pending animal is waiting while nothing was refused', () => {
    expect(rowBadge(row({}), new Set())).toBe('waiting');
  });

  it('says a refused or orphaned animal needs attention, never waiting', () => {
    expect(rowBadge(row({}), new Set(['e1']))).toBe('attention');
    expect(rowBadge(row({ outboxId: null }), new Set(['local:e1']))).toBe('attention');
  });

  it('gives a synced animal no sync badge', () => {
    expect(rowBadge(row({ pending: 0, key: '7', id: '7' }), new Set(['7']))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  orphanSummary,
  rawJson,
  quarantineExport,
  quarantineSource,
  quarantineSummary,
} from '../../../../src/status/quarantine-text';

describe('the quarantine in staff words', () => {
  it('counts records and says where they came from', () => {
    expect(quarantineSummary(1)).toBe('1 damaged record set aside');
    expect(quarantineSummary(3)).toBe('3 damaged records set aside');
    expect(quarantineSource('pets')).toBe('the animals list');
    expect(quarantineSource('outbox')).toBe('the animals waiting to be sent');
    expect(orphanSummary(1)).toMatch(/^1 animal marked .* will not be sent\.$/);
    expect(orphanSummary(2)).toMatch(/^2 animals marked .* they will not be sent\.$/);
  });
});

describe('rawJson', () => {
  it('shows what JSON has no form for instead of failing', () => {
    const cyclic: Record<string, unknown> = { name: 'Rex' };
    cyclic['self'] = cyclic;
    const text = rawJson({
      id: 12n,
      gone: undefined,
      tags: new Set(['a']),
      seq: Number.NaN,
      cyclic,
    });
    expect(JSON.parse(text)).toEqual({
      id: '12n',
      gone: '(undefined)',
      tags: { '(Set)': ['a'] },
      seq: 'NaN',
      cyclic: { name: 'Rex', self: '(circular)' },
    });
    expect(rawJson('plain')).toBe('"plain"');
  });
});

describe('quarantineExport', () => {
  it('writes every record with its table and problem into a file named for the profile', () => {
    const now = Date.UTC(2030, 0, 2, 3, 4, 5, 6);
    const file = quarantineExport(
      'staging',
      [
        {
          id: 1,
          table: 'pets',
          row: { key: 7, name: 3n },
          problem: 'key is not a string',
          at: now,
        },
        { id: 2, table: 'outbox', row: 'garbage', problem: 'not an object', at: now },
      ],
      now,
    );
    expect(file.fileName).toBe('kennel-staging-set-aside-2030-01-02T03-04-05-006Z.json');
    expect(JSON.parse(file.text)).toEqual({
      profile: 'staging',
      exportedAt: '2030-01-02T03:04:05.006Z',
      records: [
        {
          table: 'pets',
          problem: 'key is not a string',
          setAsideAt: '2030-01-02T03:04:05.006Z',
          row: { key: 7, name: '3n' },
        },
        {
          table: 'outbox',
          problem: 'not an object',
          setAsideAt: '2030-01-02T03:04:05.006Z',
          row: 'garbage',
        },
      ],
    });
  });
});

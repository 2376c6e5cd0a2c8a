import { describe, expect, it } from 'vitest';
import { compareDecimal, foldText, naturalKey, searchedId } from '../../../../src/text/fold';

describe('foldText', () => {
  it.each([
    ['Zoë', 'zoe'],
    ['ÉCLAIR', 'eclair'],
    ['Señor Whiskers', 'senor whiskers'],
    ['Ébène', 'ebene'],
    // Decomposed input (e + combining acute) folds like the precomposed form.
    ['Cafe\u0301', 'cafe'],
    // Compatibility forms: full-width letters and ligatures.
    ['Ｍａｘ', 'max'],
    ['ﬁfi', 'fifi'],
    // The capital I with a dot keeps no stray combining mark once lowered.
    ['İstanbul', 'istanbul'],
    // Letters of their own that staff type without the stroke or ligature.
    ['Bjørn', 'bjorn'],
    ['Æsir', 'aesir'],
    ['Łatka', 'latka'],
    ['Strauß', 'strauss'],
  ])('folds %j to %j', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it('tidies spaces: trims the ends and collapses runs, tabs and newlines to one space', () => {
    expect(foldText('  Sir \t Fluffington\n\nIII  ')).toBe('sir fluffington iii');
    expect(foldText(' \t\n ')).toBe('');
  });

  it('makes a typed search and a stored name meet in the middle', () => {
    expect(foldText('Señor Whiskers').startsWith(foldText('SENOR  whisk '))).toBe(true);
    expect(foldText('Señor Whiskers').includes(foldText('OR WHÍS'))).toBe(true);
  });
});

describe('searchedId', () => {
  it.each([
    ['42', '42'],
    [' 42 ', '42'],
    ['0042', '42'],
    ['9223372036854775807', '9223372036854775807'],
    ['9007199254740993', '9007199254740993'],
  ])('reads %j as id %j', (text, id) => {
    expect(searchedId(text)).toBe(id);
  });

  it.each([
    ['an empty text', ''],
    ['zero', '0'],
    ['zeros only', '0000'],
    ['a negative number', '-4'],
    ['a decimal point', '4.0'],
    ['digits and letters', '12abc'],
    ['a space inside', '1 2'],
    ['twenty digits', '12345678901234567890'],
    ['digits of another script', '٤٢'],
    ['a name', 'Max'],
  ])('reads %s as no id', (_what, text) => {
    expect(searchedId(text)).toBeNull();
  });
});

describe('compareDecimal', () => {
  const values = [
    '-9223372036854775808',
    '-10',
    '-9',
    '-1',
    '0',
    '1',
    '9',
    '10',
    '99',
    '100',
    '9007199254740992',
    '9007199254740993',
    '9007199254740994',
    '9223372036854775806',
    '9223372036854775807',
  ];

  it('agrees with BigInt on every pair, including ids Number cannot tell apart', () => {
    for (const a of values) {
      for (const b of values) {
        const expected = BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0;
        expect(Math.sign(compareDecimal(a, b)), `${a} vs ${b}`).toBe(expected);
      }
    }
  });

  it('sorts ids numerically, not as text', () => {
    const shuffled = ['10', '9007199254740993', '9', '100', '9007199254740992', '1'];
    expect([...shuffled].sort(compareDecimal)).toEqual([
      '1',
      '9',
      '10',
      '100',
      '9007199254740992',
      '9007199254740993',
    ]);
  });
});

describe('naturalKey', () => {
  const byKey = (a: string, b: string) =>
    naturalKey(a) < naturalKey(b) ? -1 : naturalKey(a) > naturalKey(b) ? 1 : 0;

  it('orders numbers inside names by value, as staff read them', () => {
    const names = ['max 10', 'max 2', 'max', 'max 1', 'max 9', 'ash 10', 'ash 2'];
    expect([...names].sort(byKey)).toEqual([
      'ash 2',
      'ash 10',
      'max',
      'max 1',
      'max 2',
      'max 9',
      'max 10',
    ]);
  });

  it('compares every number in a name, and ids above 2^53 exactly', () => {
    expect(['kennel 2 bed 10', 'kennel 2 bed 9', 'kennel 10 bed 1'].sort(byKey)).toEqual([
      'kennel 2 bed 9',
      'kennel 2 bed 10',
      'kennel 10 bed 1',
    ]);
    expect(byKey('lot 9007199254740993', 'lot 9007199254740992')).toBe(1);
  });

  it('reads leading zeros as the same number, and leaves text without digits alone', () => {
    expect(naturalKey('max 007')).toBe(naturalKey('max 7'));
    expect(naturalKey('señor whiskers')).toBe('señor whiskers');
  });
});

import { describe, expect, it } from 'vitest';
import {
  mergeProblems,
  mergeSentence,
  mergeSummary,
} from '../../../../src/categories/category-merge';

const current = [
  { id: '2', name: 'Dog' },
  { id: '3', name: 'Cat' },
];

describe('mergeSummary and mergeSentence', () => {
  it('counts what a file adds and renames, and removes nothing', () => {
    const summary = mergeSummary(current, [
      { id: '3', name: 'Kitten' },
      { id: '2', name: 'Dog' },
      { id: '5', name: 'Hen' },
      { id: '6', name: 'Rabbit' },
      { id: '7', name: 'Goat' },
    ]);
    expect(summary.added).toBe(3);
    expect(summary.renamed).toBe(1);
    expect(summary.merged.map((c) => c.id).sort()).toEqual(['2', '3', '5', '6', '7']);
    expect(mergeSentence(summary)).toBe('Added 3 categories and renamed 1 category.');
  });

  it('words every outcome in full sentences', () => {
    const sentence = (incoming: { id: string; name: string }[]): string =>
      mergeSentence(mergeSummary(current, incoming));
    expect(sentence([{ id: '9', name: 'Hen' }])).toBe('Added 1 category.');
    expect(sentence([{ id: '2', name: 'Hound' }])).toBe('Renamed 1 category.');
    expect(
      sentence([
        { id: '2', name: 'Hound' },
        { id: '3', name: 'Kitten' },
      ]),
    ).toBe('Renamed 2 categories.');
    expect(sentence([{ id: '2', name: 'Dog' }])).toBe(
      'Nothing changed: every category in the file is already in the list with that name.',
    );
  });
});

describe('mergeProblems', () => {
  it('refuses a name the list already gives to a number the file leaves alone', () => {
    expect(mergeProblems(current, [{ id: '9', name: 'cat' }])).toEqual([
      'The file names category 9 \u201ccat\u201d, which is already the name of category 3. Rename one of them, then import the file again.',
    ]);
  });

  it('allows names to move between numbers the file names both', () => {
    expect(
      mergeProblems(current, [
        { id: '2', name: 'Cat' },
        { id: '3', name: 'Dog' },
      ]),
    ).toEqual([]);
    expect(mergeProblems([], [{ id: '2', name: 'Dog' }])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { readCells as readCodes, type ReadRequest } from '../../../../src/import/read-cells';
import { worded } from './worded';
import { bufferOf, latin1, utf16, utf8 } from './bytes';

const readCells = (request: ReadRequest) => worded(readCodes(request));

describe('readCells', () => {
  it('parses pasted text as it is', () => {
    expect(readCells({ text: 'Bella\tDog\nRex\tCat\n' })).toEqual({
      ok: true,
      rows: [
        ['Bella', 'Dog'],
        ['Rex', 'Cat'],
      ],
      numbers: [1, 2],
    });
  });

  it('numbers pasted rows as the spreadsheet does, blank lines counted', () => {
    expect(readCells({ text: 'Bella\tDog\tavailable\n\n\nRex\tCat\tsold' })).toEqual({
      ok: true,
      rows: [
        ['Bella', 'Dog', 'available'],
        ['Rex', 'Cat', 'sold'],
      ],
      numbers: [1, 4],
    });
  });

  it('decodes then parses a file’s bytes', () => {
    expect(readCells({ bytes: bufferOf(utf16('Name,Category\r\nZoë,Dog\r\n', true)) })).toEqual({
      ok: true,
      rows: [
        ['Name', 'Category'],
        ['Zoë', 'Dog'],
      ],
      numbers: [1, 2],
    });
  });

  it('numbers a file’s rows after its blank lines, the byte-order mark aside', () => {
    const bytes = bufferOf(utf8('\r\nName,Category\r\n\r\nZoë,Dog\r\n', true));
    expect(readCells({ bytes })).toEqual({
      ok: true,
      rows: [
        ['Name', 'Category'],
        ['Zoë', 'Dog'],
      ],
      numbers: [2, 4],
    });
  });

  it('gives the decoder’s sentence for bytes it cannot read', () => {
    const read = readCells({ bytes: bufferOf(latin1('Zoë,Dog\n')) });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem).toMatch(/^Kennel cannot read the letters in this file/);
  });

  it('gives the parser’s sentence for a file with nothing but a byte-order mark', () => {
    expect(readCells({ bytes: bufferOf(utf8('\r\n', true)) })).toEqual({
      ok: false,
      problem: 'There are no rows to import here.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from '../../../../src/format/clock';
import { applyLanguage } from '../../../../src/i18n';
import { type OrdersPresentation } from '../../../../src/orders/presentation';
import { presentOrdersJson } from './present-json';

// What staff see for an empty value.
const NULL_TEXT = '—';

function present(text: string): OrdersPresentation {
  const presentation = presentOrdersJson(text);
  if (presentation === null) throw new Error(`not JSON: ${text}`);
  return presentation;
}

function table(text: string): { columns: string[]; texts: string[][]; kinds: string[][] } {
  const presentation = present(text);
  if (presentation.kind !== 'table') throw new Error(`not a table: ${presentation.kind}`);
  return {
    columns: presentation.columns,
    texts: presentation.rows.map((row) => row.map((cell) => cell.text)),
    kinds: presentation.rows.map((row) => row.map((cell) => cell.kind)),
  };
}

describe('how the orders listing is shown', () => {
  it('shows a list of objects as a table with a column per key', () => {
    const shown = table(
      JSON.stringify([
        { id: 1, petId: 7, quantity: 2, shipDate: '2030-01-02T10:00:00Z', status: 'placed' },
        { id: 2, petId: 8, quantity: 1, shipDate: '2030-01-03T10:00:00Z', status: 'delivered' },
      ]),
    );
    expect(shown.columns).toEqual(['id', 'petId', 'quantity', 'shipDate', 'status']);
    expect(shown.texts).toEqual([
      ['1', '7', '2', formatDateTime(Date.UTC(2030, 0, 2, 10)), 'Placed'],
      ['2', '8', '1', formatDateTime(Date.UTC(2030, 0, 3, 10)), 'Delivered'],
    ]);
  });

  it('heads the columns in words, never as the keys are spelt in code', () => {
    const shown = present(
      '[{"id":1,"petId":7,"shipDate":null,"complete":true,"created_at":1,"x":2}]',
    );
    if (shown.kind !== 'table') throw new Error(shown.kind);
    expect(shown.headings).toEqual(['ID', 'Animal ID', 'Ship date', 'Complete', 'Created at', 'X']);
  });

  it('heads the known columns in Spanish when Spanish is chosen', async () => {
    await applyLanguage('es');
    try {
      const shown = present('[{"petId":7,"quantity":1,"shipDate":null,"itemCount":3}]');
      if (shown.kind !== 'table') throw new Error(shown.kind);
      expect(shown.headings).toEqual(['ID del animal', 'Cantidad', 'Fecha de envío', 'Item count']);
    } finally {
      await applyLanguage('en');
    }
  });

  it('shows ISO dates in local words, keeping the sent text for <time>', () => {
    const shown = present(
      '[{"a":"2030-01-14T09:30:00.000Z","b":"2030-01-14T09:30:00+02:00","c":"2030-01-14","d":"2030-01-14T09:30"}]',
    );
    if (shown.kind !== 'table') throw new Error(shown.kind);
    const [row] = shown.rows;
    expect(row?.map((cell) => cell.kind)).toEqual(['date', 'date', 'date', 'date']);
    expect(row?.map((cell) => cell.text)).toEqual([
      formatDateTime(Date.UTC(2030, 0, 14, 9, 30)),
      formatDateTime(Date.UTC(2030, 0, 14, 7, 30)),
      // A day alone is that day wherever the computer is.
      formatDay(new Date(2030, 0, 14).getTime()),
      formatDateTime(new Date(2030, 0, 14, 9, 30).getTime()),
    ]);
    expect(row?.[0]?.datetime).toBe('2030-01-14T09:30:00.000Z');
    for (const cell of row ?? []) expect(cell.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('shows text that only looks like a date as it is', () => {
    const shown = table(
      '[{"a":"2030-02-30","b":"2030-13-01T10:00:00Z","c":"on 2030-01-14","d":"20300114"}]',
    );
    expect(shown.texts).toEqual([
      ['2030-02-30', '2030-13-01T10:00:00Z', 'on 2030-01-14', '20300114'],
    ]);
    expect(shown.kinds).toEqual([['text', 'text', 'text', 'text']]);
  });

  it('writes dates in the language on screen', async () => {
    await applyLanguage('es');
    try {
      const shown = table('[{"shipDate":"2030-01-14"}]');
      expect(shown.texts).toEqual([['14 de enero de 2030']]);
    } finally {
      await applyLanguage('en');
    }
  });

  it('keeps integers above 2^53 exact in their cells', () => {
    const shown = table('[{"id":9007199254740993,"petId":12345678901234567890123,"quantity":1}]');
    expect(shown.texts).toEqual([['9007199254740993', '12345678901234567890123', '1']]);
    expect(shown.kinds).toEqual([['number', 'number', 'number']]);
  });

  it('shows numbers with the digits the service sent', () => {
    expect(table('[{"price":1.50,"rate":1e3,"tiny":-0}]').texts).toEqual([['1.50', '1e3', '-0']]);
  });

  it('takes the union of the keys, in the order they first appear', () => {
    const shown = table('[{"id":1,"status":"placed"},{"id":2,"complete":true,"status":"x"}]');
    expect(shown.columns).toEqual(['id', 'status', 'complete']);
    // An order without a key has an empty cell, unlike one whose value is null.
    expect(shown.texts[0]).toEqual(['1', 'Placed', '']);
    expect(shown.kinds[0]).toEqual(['number', 'text', 'absent']);
    // A status Kennel does not know is shown as the service sent it.
    expect(shown.texts[1]).toEqual(['2', 'x', 'Yes']);
  });

  it('words booleans as Yes and No, and marks null with a dash', () => {
    const shown = table('[{"complete":true,"paid":false,"shipDate":null}]');
    expect(shown.texts).toEqual([['Yes', 'No', NULL_TEXT]]);
    expect(shown.kinds).toEqual([['boolean', 'boolean', 'null']]);
  });

  it('shows nested objects and arrays as compact JSON, numbers exact', () => {
    const shown = table(
      '[{"id":1,"pet":{"id":9007199254740993,"tags":["a","b"]},"lines":[1,12345678901234567890123],"none":{}}]',
    );
    expect(shown.texts).toEqual([
      ['1', '{"id":9007199254740993,"tags":["a","b"]}', '[1,12345678901234567890123]', '{}'],
    ]);
    expect(shown.kinds[0]?.slice(1)).toEqual(['json', 'json', 'json']);
  });

  it('shows strings as they are, quotes and all', () => {
    expect(table('[{"note":"  \\"fragile\\" <b>  "}]').texts).toEqual([['  "fragile" <b>  ']]);
  });

  it('says there are no orders for an empty list', () => {
    expect(present('[]')).toEqual({ kind: 'empty' });
  });

  it.each([
    ['an object', '{"orders":[{"id":1}],"next":null}'],
    ['a list of mixed values', '[{"id":1},2,"three"]'],
    ['a list of lists', '[[1,2],[3]]'],
    ['a list with a null', '[{"id":1},null]'],
    ['a list of empty objects', '[{},{}]'],
    ['a number', '42'],
    ['a string', '"no orders today"'],
    ['null', 'null'],
    ['an empty object', '{}'],
  ])('shows %s as its JSON, formatted with two spaces', (_what, text) => {
    expect(present(text)).toEqual({
      kind: 'json',
      text: JSON.stringify(JSON.parse(text), null, 2),
    });
  });

  it('keeps the exact digits in the formatted JSON', () => {
    expect(present('{"id":9007199254740993,"petId":12345678901234567890123}')).toEqual({
      kind: 'json',
      text: '{\n  "id": 9007199254740993,\n  "petId": 12345678901234567890123\n}',
    });
    expect(present('[9007199254740993,12345678901234567890123]')).toEqual({
      kind: 'json',
      text: '[\n  9007199254740993,\n  12345678901234567890123\n]',
    });
    expect(present('12345678901234567890123')).toEqual({
      kind: 'json',
      text: '12345678901234567890123',
    });
  });

  it('answers null for text that is not JSON', () => {
    expect(presentOrdersJson('<html>')).toBeNull();
  });
});

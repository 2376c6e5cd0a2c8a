import { describe, expect, it } from 'vitest';
import { compactJson, parseOrdersJson, prettyJson } from '../../../../src/orders/json-text';

function parsed(text: string): unknown {
  const result = parseOrdersJson(text);
  if (!result.ok) throw new Error(`not JSON: ${text}`);
  return result.value;
}

describe('orders JSON text', () => {
  it('keeps integers beyond 2^53 exact through a parse and back', () => {
    const text = '[{"id":9007199254740993,"petId":12345678901234567890123}]';
    expect(compactJson(parsed(text))).toBe(text);
    // What a plain JSON.parse would have made of it.
    expect(JSON.stringify(JSON.parse(text))).not.toBe(text);
  });

  it('keeps the digits of every number as sent', () => {
    const text = '[1.50,-0,1e400,0.1000000000000000055511151231257827]';
    expect(compactJson(parsed(text))).toBe(text);
  });

  it('pretty-prints with two spaces', () => {
    expect(prettyJson(parsed('{"orders":[{"id":9007199254740993}],"more":false}'))).toBe(
      [
        '{',
        '  "orders": [',
        '    {',
        '      "id": 9007199254740993',
        '    }',
        '  ],',
        '  "more": false',
        '}',
      ].join('\n'),
    );
  });

  it('says so when the text is not JSON', () => {
    expect(parseOrdersJson('[{"id": 1,')).toEqual({ ok: false });
    expect(parseOrdersJson('')).toEqual({ ok: false });
  });
});

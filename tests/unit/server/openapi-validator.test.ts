import { describe, expect, it } from 'vitest';
import { validateResponse } from '../../helpers/openapi-validator';

const rateHeaders = {
  'x-ratelimit-limit': '60',
  'x-ratelimit-remaining': '59',
  'x-ratelimit-reset': '1900000000',
  'content-type': 'application/json; charset=utf-8',
};
const deprecation = {
  deprecation: '@1735689600',
  sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
  link: '</v1/pets>; rel="successor-version"',
};

describe('validateResponse', () => {
  it('accepts conforming answers, including ids above 2^53', () => {
    const pet = '{"id":9007199254740993,"name":"Atlas","categoryId":1,"status":"sold"}';
    expect(
      validateResponse('GET', '/pets/{petId}', 200, { ...rateHeaders, ...deprecation }, pet),
    ).toEqual([]);
    expect(validateResponse('get', '/v1/pets', 200, rateHeaders, `[${pet}]`)).toEqual([]);
    expect(validateResponse('GET', '/pets', 200, new Headers(rateHeaders), '[]')).toEqual([]);
  });

  it('tolerates extra fields in responses', () => {
    const body = '{"id":1,"name":"A","categoryId":2,"colour":"red"}';
    expect(validateResponse('POST', '/pets', 201, rateHeaders, body)).toEqual([]);
  });

  it.each([
    ['a missing name', '{"id":1,"categoryId":2}', 'name is required'],
    ['an id as a string', '{"id":"1","name":"A","categoryId":2}', 'id must be an integer'],
    [
      'an id beyond int64',
      '{"id":9223372036854775808,"name":"A","categoryId":2}',
      'id must be an integer',
    ],
    [
      'an unknown status',
      '{"id":1,"name":"A","categoryId":2,"status":"lost"}',
      'status must be one of',
    ],
    ['a non-JSON body', '<html>', 'not JSON'],
  ])('reports %s', (_label, body, problem) => {
    const problems = validateResponse('POST', '/pets', 201, rateHeaders, body);
    expect(problems.join('\n')).toContain(problem);
  });

  it('reports an Error body whose status differs from the HTTP status', () => {
    const body = '{"code":"not_found","message":"gone","status":400}';
    const problems = validateResponse('GET', '/pets/{petId}', 404, rateHeaders, body);
    expect(problems).toEqual(['GET /pets/{petId} 404: body status does not equal the HTTP status']);
  });

  it('reports missing or malformed rate-limit headers', () => {
    const { 'x-ratelimit-reset': _reset, ...withoutReset } = rateHeaders;
    expect(validateResponse('GET', '/pets', 200, withoutReset, '[]')).toEqual([
      'GET /pets 200: header X-RateLimit-Reset is missing',
    ]);
    const bad = { ...rateHeaders, 'x-ratelimit-remaining': 'lots' };
    expect(validateResponse('GET', '/pets', 200, bad, '[]').join()).toContain(
      'X-RateLimit-Remaining',
    );
  });

  it('reports unknown operations, undocumented content types and empty bodies', () => {
    expect(validateResponse('DELETE', '/pets', 200, rateHeaders, '')).toEqual([
      'DELETE /pets is not in openapi.yaml',
    ]);
    const text = { ...rateHeaders, 'content-type': 'text/html' };
    expect(validateResponse('GET', '/pets', 200, text, 'x').join()).toContain('not documented');
    expect(validateResponse('GET', '/pets', 200, rateHeaders, '').join()).toContain(
      'body is empty',
    );
  });

  it('allows a 429 without a body, as the specification leaves it open', () => {
    const headers = { ...rateHeaders, 'retry-after': '3' };
    expect(validateResponse('GET', '/pets', 429, headers, '')).toEqual([]);
  });
});

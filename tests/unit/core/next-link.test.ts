import { describe, expect, it } from 'vitest';
import { isSameList, nextPageUrl } from '../../../electron/core/api/next-link';
import { MalformedResponseError } from '../../../electron/core/errors/malformed-response-error';

const LIST = new URL('http://127.0.0.1:4010/v1/pets');
const REQUESTED = 'http://127.0.0.1:4010/v1/pets?limit=100&status=sold';

function next(header: string | null, requestUrl = REQUESTED): string | null {
  return nextPageUrl(header, requestUrl, LIST, 200);
}

function refusal(header: string): MalformedResponseError {
  try {
    next(header);
  } catch (err) {
    expect(err).toBeInstanceOf(MalformedResponseError);
    return err as MalformedResponseError;
  }
  throw new Error(`The header was accepted: ${header.slice(0, 200)}`);
}

describe('nextPageUrl', () => {
  it('resolves a path-absolute link against the request URL', () => {
    expect(next('</v1/pets?limit=100&status=sold&cursor=MTAw>; rel="next"')).toBe(
      'http://127.0.0.1:4010/v1/pets?limit=100&status=sold&cursor=MTAw',
    );
  });

  it('resolves relative links: a query alone, and a path relative to the list', () => {
    expect(next('<?cursor=MjAw>; rel="next"')).toBe('http://127.0.0.1:4010/v1/pets?cursor=MjAw');
    expect(next('<pets?cursor=MjAw&limit=100>; rel=next')).toBe(
      'http://127.0.0.1:4010/v1/pets?cursor=MjAw&limit=100',
    );
  });

  it('takes an absolute link on the same list as it is, without its fragment', () => {
    expect(next('<http://127.0.0.1:4010/v1/pets?cursor=Mw#top>; rel="next"')).toBe(
      'http://127.0.0.1:4010/v1/pets?cursor=Mw',
    );
  });

  it('picks the next link among several, whatever their order and however rel is written', () => {
    const header = [
      '</v1/pets?cursor=first>; rel="first"',
      '</v1/pets?cursor=prev>; rel="prev"',
      '</v1/pets?cursor=MzAw>; rel="next"; title="Page 4"',
      '</v1/pets?cursor=last>; rel="last"',
    ].join(', ');
    expect(next(header)).toBe('http://127.0.0.1:4010/v1/pets?cursor=MzAw');
    // Several relation types on one link, and a relation type in capitals.
    expect(next('</v1/pets?cursor=NA>; rel="last next"')).toBe(
      'http://127.0.0.1:4010/v1/pets?cursor=NA',
    );
    expect(next('</v1/pets?cursor=NQ>; rel="Next"')).toBe(
      'http://127.0.0.1:4010/v1/pets?cursor=NQ',
    );
  });

  it('answers null when there is no header or no next link', () => {
    expect(next(null)).toBeNull();
    expect(next('')).toBeNull();
    expect(next('   ')).toBeNull();
    expect(next('</v1/pets?cursor=prev>; rel="prev"')).toBeNull();
    // The successor link getPet carries is no next page.
    expect(next('</v1/pets>; rel="successor-version"')).toBeNull();
  });

  it.each([
    ['another host', '<http://elsewhere.example/v1/pets?cursor=MQ>; rel="next"'],
    ['the same host by another name', '<http://localhost:4010/v1/pets?cursor=MQ>; rel="next"'],
    ['another port', '<http://127.0.0.1:4011/v1/pets?cursor=MQ>; rel="next"'],
    ['another scheme', '<https://127.0.0.1:4010/v1/pets?cursor=MQ>; rel="next"'],
    ['a scheme-relative host', '<//elsewhere.example/v1/pets?cursor=MQ>; rel="next"'],
    ['credentials in the URL', '<http://user:secret@127.0.0.1:4010/v1/pets>; rel="next"'],
    ['a user name in the URL', '<http://user@127.0.0.1:4010/v1/pets>; rel="next"'],
  ])('refuses a link to %s', (_what, header) => {
    const err = refusal(header);
    expect(err.message).toMatch(/another address/);
    expect(err.status).toBe(200);
  });

  it.each([
    ['another operation', '</v1/store/orders?cursor=MQ>; rel="next"'],
    ['one animal', '</v1/pets/1>; rel="next"'],
    ['another version', '</v2/pets?cursor=MQ>; rel="next"'],
    ['a trailing slash', '</v1/pets/?cursor=MQ>; rel="next"'],
    ['a path that climbs out of the list', '</v1/pets/../store/orders>; rel="next"'],
    ['a relative path that resolves elsewhere', '<orders?cursor=MQ>; rel="next"'],
  ])('refuses a link to %s on the same host', (_what, header) => {
    expect(refusal(header).message).toMatch(/another address/);
  });

  it.each([
    ['plain text', 'next page please'],
    ['an unclosed link', '</v1/pets?cursor=MQ; rel="next"'],
    ['a second, broken link', '</v1/pets?cursor=MQ>; rel="next", <broken'],
    ['separators only', ';;;'],
  ])('refuses a header that cannot be read: %s', (_what, header) => {
    const err = refusal(header);
    expect(err.message).toBe('The service sent a Link header that cannot be read.');
    expect(err.status).toBe(200);
  });

  it.each([
    ['blank space inside', `</v1/pets?cursor=MQ>; rel="next";${' '.repeat(15_000)}x`],
    ['a next link that long', `</v1/pets?cursor=${'M'.repeat(15_000)}>; rel="next"`],
  ])('refuses a 15 KB header unread: %s', (_what, header) => {
    const err = refusal(header);
    expect(err.message).toBe('The service sent a Link header too long to be a page link.');
    expect(err.status).toBe(200);
  });

  it('still reads a header of the longest length it accepts, 4096 characters', () => {
    const LINK_HEADER_MAX = 4096;
    const link = '</v1/pets?cursor=Mw>; rel="next"';
    const others = '</v1/pets?cursor=first>; rel="first", ';
    const header = `${others}${link}`.padStart(LINK_HEADER_MAX, ' ');
    expect(header).toHaveLength(LINK_HEADER_MAX);
    expect(next(header)).toBe('http://127.0.0.1:4010/v1/pets?cursor=Mw');
    expect(refusal(` ${header}`).message).toMatch(/too long/);
  });

  it('refuses a next link that is not a URL', () => {
    expect(refusal('<http://[::1>; rel="next"').message).toBe(
      'The service sent a next-page link that is not a URL.',
    );
  });
});

describe('isSameList', () => {
  it('accepts the list with any query and nothing else', () => {
    expect(isSameList(new URL('http://127.0.0.1:4010/v1/pets?cursor=x&limit=5'), LIST)).toBe(true);
    expect(isSameList(new URL('http://127.0.0.1:4010/v1/pets'), LIST)).toBe(true);
    expect(isSameList(new URL('http://127.0.0.1:4010/v1/pets/2'), LIST)).toBe(false);
    expect(isSameList(new URL('http://127.0.0.2:4010/v1/pets'), LIST)).toBe(false);
    expect(isSameList(new URL('http://me@127.0.0.1:4010/v1/pets'), LIST)).toBe(false);
  });
});

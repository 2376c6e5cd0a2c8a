import { InvalidArgumentError } from '../errors/invalid-argument-error';

const MAX_KEY_LENGTH = 512;
// Visible ASCII: a bearer token can carry nothing else into a header.
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * Checks an API key before it is stored or sent. Messages never echo the key.
 */
export function checkApiKey(key: unknown): string {
  if (typeof key !== 'string' || key === '') {
    throw new InvalidArgumentError('The API key is empty.', { field: 'key' });
  }
  if (key.length > MAX_KEY_LENGTH) {
    throw new InvalidArgumentError(`The API key is longer than ${MAX_KEY_LENGTH} characters.`, {
      field: 'key',
    });
  }
  if (!VISIBLE_ASCII.test(key)) {
    throw new InvalidArgumentError(
      'The API key may only contain visible characters (no spaces, line breaks or control characters).',
      { field: 'key' },
    );
  }
  return key;
}

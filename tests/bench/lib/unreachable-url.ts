import { freePort } from '../../helpers/free-port';

/**
 * A loopback base URL on which nothing listens: a port is taken and released,
 * so connecting to it is refused at once instead of hanging until a timeout.
 */
export async function unreachableBaseUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}/v1`;
}

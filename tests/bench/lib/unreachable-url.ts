import { createServer } from 'node:net';

/**
 * A loopback base URL on which nothing listens: a port is taken and released,
 * so connecting to it is refused at once instead of hanging until a timeout.
 */
export async function unreachableBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port was assigned');
  return `http://127.0.0.1:${address.port}/v1`;
}

import { createServer } from 'node:net';

/**
 * A loopback port that was free a moment ago: taken and released at once.
 * Nothing listens on it until the caller binds it.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No port was assigned.');
  return address.port;
}

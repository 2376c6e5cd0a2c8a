import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a tiny server saw of one request. */
export interface SeenRequest {
  at: number;
  method: string;
  url: string;
  authorization: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A minimal real HTTP server on 127.0.0.1 for edge cases the reference service cannot produce. */
export async function startTinyServer(
  handle: (req: SeenRequest, res: ServerResponse) => void,
): Promise<{ url: string; origin: string; seen: SeenRequest[]; close(): Promise<void> }> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const entry: SeenRequest = {
        at: Date.now(),
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        headers: req.headers,
        body,
      };
      seen.push(entry);
      handle(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/v1`,
    origin,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

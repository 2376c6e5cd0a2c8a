import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in answers itself instead of passing a request on. */
export interface StandInAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A stand-in running in front of the reference service. */
export interface StandIn {
  /** Its base URL, ending in `/v1`. */
  url: string;
  /** Every request it took, in order: method and path with query. */
  seen: Array<{ method: string; path: string }>;
  close(): Promise<void>;
}

/**
 * A service in front of the reference service, on loopback: it answers a
 * request itself where `answer` says so and passes every other one on, as a
 * service that deviates from the reference one in one way would.
 */
export async function startStandIn(
  serviceUrl: string,
  answer: (incoming: IncomingMessage) => StandInAnswer | null,
): Promise<StandIn> {
  const upstream = new URL(serviceUrl);
  const seen: StandIn['seen'] = [];
  const server = createServer((incoming, outgoing) => {
    seen.push({ method: incoming.method ?? '', path: incoming.url ?? '' });
    const own = answer(incoming);
    if (own !== null) {
      incoming.resume();
      outgoing.writeHead(own.status, own.headers);
      outgoing.end(own.body);
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        // The reference service answers only its own loopback name and port.
        headers: { ...incoming.headers, host: upstream.host },
      },
      (reply) => {
        outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

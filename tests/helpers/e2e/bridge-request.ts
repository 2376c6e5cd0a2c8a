import { request } from 'node:http';

/** A raw answer from the web host's bridge. */
export interface RawBridgeAnswer {
  status: number;
  body: string;
}

/**
 * Calls `POST /bridge/<method>` with exactly the headers given. Uses `node:http`
 * rather than `fetch` so `Origin` and `Host` can be forged, as a hostile page or
 * a DNS-rebinding attacker would.
 */
export function rawBridgeCall(
  origin: string,
  method: string,
  args: unknown[],
  headers: Record<string, string>,
): Promise<RawBridgeAnswer> {
  const target = new URL(`/bridge/${method}`, origin);
  const payload = JSON.stringify({ args });
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload).toString(),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

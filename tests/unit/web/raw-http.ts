import { request } from 'node:http';

/** One answer, with everything a secret could hide in. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request with exactly the method, raw path and headers given. `node:http`
 * rather than `fetch`, so `Host` and `Origin` can be forged and paths such as
 * `/../x` reach the server unnormalised.
 */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...options.headers };
    if (options.body !== undefined) {
      headers['content-length'] = Buffer.byteLength(options.body).toString();
    }
    const req = request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

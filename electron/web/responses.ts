import type { ServerResponse } from 'node:http';
import type { BridgeError } from '../contract/errors';
import { SECURITY_HEADERS } from './security-headers';

/** Sends a JSON answer that is never cached. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    'Cache-Control': 'no-store',
  });
  res.end(payload);
}

/**
 * Refuses a request with a `BridgeResult`-shaped error, so a client that parses
 * the body gets the same shape as any other failure. The message is fixed text:
 * nothing the request carried (token, key, body) is echoed back.
 */
export function sendRefusal(
  res: ServerResponse,
  status: number,
  message: string,
  extraHeaders: Record<string, string> = {},
): void {
  const error: BridgeError = { kind: 'internal', message, status };
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  sendJson(res, status, { ok: false, error });
}

/** A short plain-text answer for the static side (404, 405...). */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  extraHeaders: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    ...extraHeaders,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/**
 * A temporary redirect (307: method and body kept). Never cached, so a port
 * later used by something else is not sent here from the browser's memory.
 */
export function sendRedirect(res: ServerResponse, location: string): void {
  const text = `See ${location}`;
  res.writeHead(307, {
    ...SECURITY_HEADERS,
    Location: location,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

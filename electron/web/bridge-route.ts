import type { IncomingMessage, ServerResponse } from 'node:http';
import { BRIDGE_METHODS, BRIDGE_TOKEN_HEADER, type BridgeMethod } from '../contract/bridge';
import type { BridgeDispatcher } from '../core/bridge/bridge-dispatcher';
import { tokensMatch } from './launch-token';
import { isAllowedOrigin, isJsonContentType } from './request-guards';
import { sendJson, sendRefusal } from './responses';

/** What the bridge route needs from the host. */
export interface BridgeRouteContext {
  core: BridgeDispatcher;
  token: string;
  port: number;
  maxBodyBytes: number;
}

/** Outcome of reading a request body within the size limit. */
type BodyRead = { ok: true; text: string } | { ok: false; tooLarge: true };

/**
 * `POST /bridge/<method>` with `{ "args": [...] }`. The checks run cheapest and
 * most telling first: origin, token, content type, size, shape; only then does
 * the core see the call. The answer is the core's `BridgeResult`, status 200.
 */
export async function handleBridge(
  req: IncomingMessage,
  res: ServerResponse,
  methodName: string,
  context: BridgeRouteContext,
): Promise<void> {
  if (req.method !== 'POST') {
    sendRefusal(res, 405, 'The bridge only accepts POST.', { Allow: 'POST' });
    return;
  }
  if (!isAllowedOrigin(header(req, 'origin'), context.port)) {
    sendRefusal(res, 403, 'The bridge only answers Kennel pages served by this host.');
    return;
  }
  const presented = header(req, BRIDGE_TOKEN_HEADER);
  if (presented === undefined) {
    sendRefusal(res, 401, 'The bridge token is missing; open Kennel with the URL it printed.');
    return;
  }
  if (!tokensMatch(context.token, presented)) {
    sendRefusal(
      res,
      403,
      'The bridge token is not this launch’s; open Kennel with the URL it printed.',
    );
    return;
  }
  if (!isBridgeMethod(methodName)) {
    sendRefusal(res, 404, 'There is no such bridge method.');
    return;
  }
  if (!isJsonContentType(header(req, 'content-type'))) {
    sendRefusal(res, 415, 'The bridge expects a JSON body (Content-Type: application/json).');
    return;
  }
  const body = await readBody(req, context.maxBodyBytes);
  if (!body.ok) {
    sendRefusal(res, 413, `The request body is larger than ${context.maxBodyBytes} bytes.`, {
      Connection: 'close',
    });
    return;
  }
  const args = parseArgs(body.text);
  if (args === null) {
    sendRefusal(res, 400, 'The body must be a JSON object of the form { "args": [...] }.');
    return;
  }
  try {
    sendJson(res, 200, await context.core.dispatch(methodName, args));
  } catch {
    // dispatch promises never to throw; if it does, say nothing that could carry a secret.
    sendRefusal(res, 500, 'The bridge failed to answer.');
  }
}

function isBridgeMethod(name: string): name is BridgeMethod {
  return (BRIDGE_METHODS as readonly string[]).includes(name);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseArgs(text: string): unknown[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const args: unknown = (parsed as { args?: unknown }).args;
  return Array.isArray(args) ? args : null;
}

function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve({ ok: false, tooLarge: true });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        resolve({ ok: false, tooLarge: true });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve({ ok: true, text: Buffer.concat(chunks).toString('utf8') });
    });
    req.on('error', reject);
  });
}

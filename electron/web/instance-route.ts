import type { IncomingMessage, ServerResponse } from 'node:http';
import { CHALLENGE_HEADER, instanceProof, isInstanceRandom } from './instance-proof';
import { isAllowedOrigin } from './request-guards';
import { sendJson, sendRefusal } from './responses';

/**
 * `GET /.well-known/kennel-instance` with a challenge header: the proof that
 * this host is the Kennel of the data folder holding `secret`. A cross-origin
 * page cannot send the header without a preflight, which is never approved.
 */
export function handleInstanceProbe(
  req: IncomingMessage,
  res: ServerResponse,
  context: { secret: string; port: number },
): void {
  if (req.method !== 'GET') {
    sendRefusal(res, 405, 'Only GET is answered here.', { Allow: 'GET' });
    return;
  }
  if (!isAllowedOrigin(single(req.headers.origin), context.port)) {
    sendRefusal(res, 403, 'Only Kennel itself asks this.');
    return;
  }
  const challenge = single(req.headers[CHALLENGE_HEADER]);
  if (!isInstanceRandom(challenge)) {
    sendRefusal(res, 400, 'The challenge is missing or malformed.');
    return;
  }
  sendJson(res, 200, { proof: instanceProof(context.secret, challenge) });
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

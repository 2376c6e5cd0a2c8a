/**
 * How the answer to a creation goes out: as it is, or through one of the
 * after-create faults. Each of them strikes when the animal already exists (and,
 * in idempotency mode, its record holds the 201), so the client cannot tell from
 * what it sees whether the animal was created: the ambiguous outcome.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from './context';
import type { StoredResponse } from './idempotency';
import { wait } from './latency';
import { dropConnection, sendError } from './replies';

/**
 * Sends the status, the headers and the first half of the body, then nothing
 * more: the body never ends, and the connection stays open until the service
 * closes.
 */
function stallAnswer(
  context: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  response: StoredResponse,
): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(response.status, response.headers);
  raw.write(response.body.slice(0, Math.floor(response.body.length / 2)));
  const info = context.requests.get(request);
  if (info) context.state.answered(info.record, response.status);
  const signal = context.closing.signal;
  const end = (): void => {
    request.raw.socket.destroy();
  };
  if (signal.aborted) end();
  else signal.addEventListener('abort', end, { once: true });
}

/** Sends `response` (a 201), unless an after-create fault drops, replaces or holds it. */
export async function sendCreated(
  context: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  response: StoredResponse,
): Promise<FastifyReply> {
  const { faults, state } = context;
  // At most one fault per answer, so each counter means exactly one thing.
  if (faults.roll('dropAfterCreateRate')) {
    dropConnection(context, request, reply);
    return reply;
  }
  if (faults.roll('errorAfterCreateRate')) {
    state.afterCreateFault('error');
    const status = faults.errorAfterCreateStatus();
    // Worded as the gateway in front of a service would: it does not know the outcome either.
    return sendError(
      reply,
      status,
      'server_error',
      `The gateway received no usable answer from the service (${status}).`,
    );
  }
  if (faults.roll('stallAfterCreateRate')) {
    state.afterCreateFault('stall');
    stallAnswer(context, request, reply, response);
    return reply;
  }
  if (faults.roll('slowAfterCreateRate')) {
    state.afterCreateFault('slow');
    await wait(context, faults.slowAfterCreateMs);
  }
  return reply.code(response.status).headers(response.headers).send(response.body);
}

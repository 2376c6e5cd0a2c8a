/**
 * The Fastify application of the reference service: body handling, hooks, the
 * routes, and the answers for unknown paths and unexpected errors.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { ServiceContext } from './context';
import { createGate } from './gate';
import { createHostCheck } from './host-check';
import { applyLatency } from './latency';
import { sendError } from './replies';
import { formatLogLine } from './request-log';
import { registerCreatePet } from './routes/create-pet';
import { registerGetPet } from './routes/get-pet';
import { registerListPets } from './routes/list-pets';
import { registerStoreOrders } from './routes/store-orders';

/** Largest accepted request body. The specification shows no size limits. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Dates answers by the service's clock rather than Node's, so `Date` agrees with
 * `Retry-After` and `X-RateLimit-Reset` when a test moves time on.
 */
function setDateHeader(context: ServiceContext, reply: FastifyReply): void {
  try {
    reply.header('date', new Date(context.now()).toUTCString());
  } catch {
    // A broken clock already failed the request in the gate; Node's own Date
    // keeps that 500 answer well-formed instead of failing it a second time.
  }
}

/**
 * Builds (but does not start) the application over a service context.
 * `bindHost` is the address it will listen on, which decides the `Host`
 * values it answers.
 */
export function buildApp(context: ServiceContext, bindHost: string): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    return503OnClosing: false,
  });

  // Bodies arrive as text whatever their type: the route decides, so a wrong
  // content type is a 400 with an Error body and JSON is parsed losslessly.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  // First: a request for another name is refused before it counts against any key.
  app.addHook('onRequest', createHostCheck(bindHost));
  app.addHook('onRequest', createGate(context));
  app.addHook('onSend', async (request, reply, payload) => {
    await applyLatency(context, request);
    setDateHeader(context, reply);
    const info = context.requests.get(request);
    if (info) context.state.answered(info.record, reply.statusCode);
    return payload;
  });
  if (context.log) {
    app.addHook('onResponse', async (request, reply) => {
      const info = context.requests.get(request);
      if (info) process.stdout.write(`${formatLogLine(info.record, reply.elapsedTime)}\n`);
    });
  }

  registerListPets(app, context);
  registerCreatePet(app, context);
  registerGetPet(app, context);
  registerStoreOrders(app);

  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      404,
      'not_found',
      `No such operation: ${request.method} ${request.url.split('?')[0]}`,
    ),
  );
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(
        reply,
        413,
        'payload_too_large',
        `The body is larger than ${BODY_LIMIT_BYTES} bytes.`,
      );
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(
        reply,
        400,
        'unsupported_content_type',
        'The body must be application/json.',
      );
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, 400, 'invalid_request', error.message);
    }
    if (context.log) process.stderr.write(`internal error: ${error.message}\n`);
    return sendError(reply, 500, 'server_error', 'The service failed to answer the request.');
  });
  return app;
}

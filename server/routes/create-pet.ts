/**
 * `POST /v1/pets` (`createPet`). In idempotency mode it honours
 * `Idempotency-Key`; otherwise the header is ignored like any unknown header,
 * as a service following only the specification would. The answer goes out
 * through the after-create faults.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendCreated } from '../after-create';
import type { ServiceContext } from '../context';
import { fingerprint, type StoredResponse } from '../idempotency';
import { applyLatency } from '../latency';
import { stringifyLossless } from '../lossless';
import { JSON_TYPE, petBody, sendError } from '../replies';
import { readNewPet, readParameters } from '../validation';

export function registerCreatePet(app: FastifyInstance, context: ServiceContext): void {
  const operation = context.api.operation('post', '/pets');
  if (!operation) throw new Error('openapi.yaml has no POST /pets');
  app.post('/v1/pets', async (request, reply) => {
    const info = context.requests.get(request);
    const scope = info?.key?.keyId ?? 'anonymous';
    let idempotencyKey: string | undefined;
    // The operation's only header parameter is the extension's: a service that does
    // not know the header does not validate it either.
    if (context.extensions.idempotency) {
      const headers = readParameters(context.api, operation, {
        header: request.headers as Record<string, string | string[] | undefined>,
      });
      if (!headers.ok) {
        return sendError(reply, 400, 'invalid_idempotency_key', headers.message);
      }
      idempotencyKey = headers.values['Idempotency-Key'] as string | undefined;
    }
    const body = readNewPet(context.api, request.headers['content-type'], request.body);
    if (!body.ok) return sendError(reply, 400, body.code, body.message);

    if (idempotencyKey !== undefined) {
      const print = fingerprint(body.canonical);
      const decision = context.idempotency.begin(scope, idempotencyKey, print, context.now());
      if (decision.kind === 'mismatch') {
        return sendError(
          reply,
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was already used with a different body.',
        );
      }
      if (decision.kind === 'in-progress') {
        return sendError(
          reply,
          409,
          'idempotency_key_in_use',
          'A request with this Idempotency-Key is still being processed; retry later.',
        );
      }
      if (decision.kind === 'replay') return replay(reply, decision.response);
    }

    let response: StoredResponse;
    try {
      // Latency is spent while the idempotency record is in progress, so
      // concurrent repeats of a slow request see 409.
      await applyLatency(context, request);
      const pet = context.store.create(body.draft);
      context.state.stats.created += 1;
      response = {
        status: 201,
        headers: { 'content-type': JSON_TYPE, location: `/v1/pets/${pet.id}` },
        body: stringifyLossless(petBody(pet)),
      };
    } catch (error) {
      if (idempotencyKey !== undefined) context.idempotency.abandon(scope, idempotencyKey);
      throw error;
    }
    // The record keeps the service's own answer, the 201, even when a fault then
    // replaces it: a gateway's error is not the service's answer, and a retry with
    // the key is how the client learns the id.
    if (idempotencyKey !== undefined) {
      context.idempotency.complete(scope, idempotencyKey, response);
    }
    return sendCreated(context, request, reply, response);
  });
}

function replay(reply: FastifyReply, stored: StoredResponse): FastifyReply {
  return reply
    .code(stored.status)
    .headers({ ...stored.headers, 'idempotent-replayed': 'true' })
    .send(stored.body);
}

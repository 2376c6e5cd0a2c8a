/**
 * `GET /v1/pets/{petId}` (`getPet`, deprecated). The deprecation headers are set
 * by the gate so that every answer of this route carries them, 401 and 429 too.
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { GET_PET_ROUTE } from '../gate';
import { petBody, sendError, sendJson } from '../replies';
import { readParameters } from '../validation';

export function registerGetPet(app: FastifyInstance, context: ServiceContext): void {
  const operation = context.api.operation('get', '/pets/{petId}');
  if (!operation) throw new Error('openapi.yaml has no GET /pets/{petId}');
  app.get(GET_PET_ROUTE, async (request, reply) => {
    const read = readParameters(context.api, operation, {
      path: request.params as Record<string, string | undefined>,
    });
    if (!read.ok) return sendError(reply, 400, read.code, read.message);
    const id = read.values['petId'] as bigint;
    const pet = context.store.get(id);
    if (!pet) return sendError(reply, 404, 'not_found', `No animal has id ${id}.`);
    return sendJson(reply, 200, petBody(pet));
  });
}

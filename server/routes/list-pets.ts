/** `GET /v1/pets` (`listPets`): the first `limit` animals by id, optionally by status. */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { petBody, sendError, sendJson } from '../replies';
import { readParameters } from '../validation';

export function registerListPets(app: FastifyInstance, context: ServiceContext): void {
  const operation = context.api.operation('get', '/pets');
  if (!operation) throw new Error('openapi.yaml has no GET /pets');
  app.get('/v1/pets', async (request, reply) => {
    const read = readParameters(context.api, operation, {
      query: request.query as Record<string, string | string[] | undefined>,
    });
    if (!read.ok) return sendError(reply, 400, read.code, read.message);
    const limit = Number(read.values['limit']);
    const status = read.values['status'] as string | undefined;
    return sendJson(reply, 200, context.store.list(limit, status).map(petBody));
  });
}

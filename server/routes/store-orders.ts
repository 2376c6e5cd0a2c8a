/**
 * `GET /v1/store/orders`. The specification names this operation without its
 * shape, so the reference service answers an empty list and nothing more.
 */
import type { FastifyInstance } from 'fastify';
import { sendJson } from '../replies';

export function registerStoreOrders(app: FastifyInstance): void {
  app.get('/v1/store/orders', async (_request, reply) => sendJson(reply, 200, []));
}

/**
 * `GET /v1/store/orders`. The specification names this operation without its
 * shape, so the reference service answers a fixed example set in a shape of its
 * own (see `../orders`); authentication and rate limits apply as everywhere.
 */
import type { FastifyInstance } from 'fastify';
import { EXAMPLE_ORDERS } from '../orders';
import { sendJson } from '../replies';

export function registerStoreOrders(app: FastifyInstance): void {
  app.get('/v1/store/orders', async (_request, reply) => sendJson(reply, 200, EXAMPLE_ORDERS));
}

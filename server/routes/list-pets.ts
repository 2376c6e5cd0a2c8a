/**
 * `GET /v1/pets` (`listPets`): the first `limit` animals by id, optionally by
 * status; with the `pagination` extension, the page after a `cursor` and a
 * `Link: <…>; rel="next"` while more match.
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { CURSOR_PARAMETER, LIST_PETS_PATH, decodeCursor, nextLink } from '../pagination';
import { petBody, sendError, sendJson } from '../replies';
import { readParameters } from '../validation';

type Query = Record<string, string | string[] | undefined>;

/** The id the request's cursor continues after (undefined: first page), or an error message. */
function readCursor(query: Query): { after?: bigint } | { problem: string } {
  const raw = query[CURSOR_PARAMETER];
  if (raw === undefined) return {};
  if (typeof raw !== 'string') return { problem: `${CURSOR_PARAMETER} must be given once` };
  const after = decodeCursor(raw);
  if (after === null) {
    return {
      problem: `${CURSOR_PARAMETER} is not one this service issued; follow the Link header's rel="next"`,
    };
  }
  return { after };
}

export function registerListPets(app: FastifyInstance, context: ServiceContext): void {
  const operation = context.api.operation('get', '/pets');
  if (!operation) throw new Error('openapi.yaml has no GET /pets');
  app.get(LIST_PETS_PATH, async (request, reply) => {
    const query = request.query as Query;
    const read = readParameters(context.api, operation, { query });
    if (!read.ok) return sendError(reply, 400, read.code, read.message);
    const limit = Number(read.values['limit']);
    const status = read.values['status'] as string | undefined;
    if (!context.extensions.pagination) {
      return sendJson(reply, 200, context.store.list(limit, status).pets.map(petBody));
    }
    const cursor = readCursor(query);
    if ('problem' in cursor) return sendError(reply, 400, 'invalid_parameter', cursor.problem);
    const page = context.store.list(limit, status, cursor.after);
    const last = page.pets.at(-1);
    if (page.more && last) reply.header('link', nextLink(limit, status, last.id));
    return sendJson(reply, 200, page.pets.map(petBody));
  });
}

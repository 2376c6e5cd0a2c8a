/**
 * What every request passes before its route runs: logging, the drop fault,
 * authentication, bans, rate limits and the error fault. It also sets the
 * headers every answer carries (rate limits; deprecation on `getPet`).
 *
 * Unauthenticated requests are counted in one shared anonymous bucket (Free
 * plan numbers) only so that their 401s carry meaningful rate-limit headers;
 * they are never refused with 429.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestInfo, ServiceContext } from './context';
import { ANONYMOUS_KEY_ID, ANONYMOUS_PLAN, bearerToken } from './plans';
import type { WindowView } from './rate-limiter';
import {
  dropConnection,
  sendError,
  sendPortalPage,
  sendTooMany,
  setDeprecationHeaders,
  setRateLimitHeaders,
} from './replies';
import type { RequestRecord } from './types';

/** Route template of `getPet`, whose every answer carries deprecation headers. */
export const GET_PET_ROUTE = '/v1/pets/:petId';

/** Fastify `onRequest` hook over a service context. */
export function createGate(context: ServiceContext) {
  const report = (reply: FastifyReply, views: { minute: WindowView; day: WindowView }): void => {
    setRateLimitHeaders(reply, views.minute, context.extensions.dailyHeaders ? views.day : null);
  };
  return async function gate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // A sign-in page in front of the service answers, and the service never
    // sees the request: it is neither logged nor counted against any key.
    if (context.faults.roll('portalRate')) {
      context.state.portalAnswered();
      await sendPortalPage(reply);
      return;
    }
    const now = context.now();
    const record: RequestRecord = {
      at: now,
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      keyId: ANONYMOUS_KEY_ID,
      status: 0,
    };
    const idempotencyKey = request.headers['idempotency-key'];
    if (typeof idempotencyKey === 'string') record.idempotencyKey = idempotencyKey;
    const info: RequestInfo = { record, key: null, delayed: false };
    context.requests.set(request, info);
    context.state.arrive(record);

    if (request.routeOptions.url === GET_PET_ROUTE && request.method === 'GET') {
      setDeprecationHeaders(reply);
    }
    if (context.faults.roll('dropBeforeRate')) {
      dropConnection(context, request, reply);
      return;
    }

    const token = bearerToken(request.headers.authorization);
    const key = token === null ? null : context.keys.find(token);
    if (!key) {
      const anonymous = context.limiter.consume(ANONYMOUS_KEY_ID, ANONYMOUS_PLAN, now);
      report(reply, anonymous);
      const message =
        token === null
          ? 'Missing API key: send Authorization: Bearer <API key>.'
          : 'The API key is not valid.';
      await sendError(reply, 401, 'unauthorized', message);
      return;
    }
    info.key = key;
    record.keyId = key.keyId;

    const { limiter, bans } = context;
    const verdict = bans.arrive(key.keyId, now);
    if (verdict.kind !== 'clear') {
      report(reply, limiter.peek(key.keyId, key.plan, now));
      if (verdict.kind === 'banned' && verdict.newlyBanned) context.state.stats.bans += 1;
      const code = verdict.kind === 'banned' ? 'key_banned' : 'rate_limited';
      await sendTooMany(context, reply, code, verdict.until, now);
      return;
    }

    if (context.faults.roll('rate429')) {
      report(reply, limiter.peek(key.keyId, key.plan, now));
      const until = now + context.faults.rate429RetryMs;
      bans.block(key.keyId, until, now);
      await sendTooMany(context, reply, 'rate_limited', until, now);
      return;
    }

    const decision = limiter.consume(key.keyId, key.plan, now);
    report(reply, decision);
    if (!decision.allowed) {
      const until = decision.retryAt ?? decision.minute.resetAt;
      bans.block(key.keyId, until, now);
      await sendTooMany(context, reply, 'rate_limited', until, now);
      return;
    }

    if (context.faults.roll('errorRate')) {
      const status = context.faults.errorStatus();
      await sendError(reply, status, 'server_error', 'Injected fault: the request had no effect.');
    }
  };
}

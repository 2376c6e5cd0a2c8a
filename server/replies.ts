/**
 * How the service writes answers: JSON with exact int64 integers, `Error`
 * bodies, rate-limit and deprecation headers, 429s in their configured form,
 * and dropped connections.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from './context';
import { stringifyLossless } from './lossless';
import type { WindowView } from './rate-limiter';
import type { StoredPet } from './types';

/** Content type of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** RFC 9745 deprecation date of `getPet` (1 January 2025) and its RFC 8594 sunset. */
const GET_PET_DEPRECATION = {
  deprecation: '@1735689600',
  sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
  link: '</v1/pets>; rel="successor-version"',
} as const;

/** The wire form of an animal (ids stay bigint until written). */
export function petBody(pet: StoredPet): Record<string, unknown> {
  const body: Record<string, unknown> = { id: pet.id, name: pet.name, categoryId: pet.categoryId };
  if (pet.status !== undefined) body['status'] = pet.status;
  return body;
}

/** Sends a JSON value with int64 precision. */
export function sendJson(reply: FastifyReply, status: number, value: unknown): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(stringifyLossless(value));
}

/** Sends an `Error` body. */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
): FastifyReply {
  return sendJson(reply, status, { code, message, status });
}

/**
 * Sets the `X-RateLimit-*` headers the specification shows, from the minute window, and with
 * `day` the reference service's `X-RateLimit-Daily-*` extension.
 */
export function setRateLimitHeaders(
  reply: FastifyReply,
  minute: WindowView,
  day: WindowView | null,
): void {
  reply.header('x-ratelimit-limit', String(minute.limit));
  reply.header('x-ratelimit-remaining', String(minute.remaining));
  // Rounded up so a client that waits until Reset never arrives early.
  reply.header('x-ratelimit-reset', String(Math.ceil(minute.resetAt / 1000)));
  if (day === null) return;
  reply.header('x-ratelimit-daily-limit', String(day.limit));
  reply.header('x-ratelimit-daily-remaining', String(day.remaining));
  reply.header('x-ratelimit-daily-reset', String(Math.ceil(day.resetAt / 1000)));
}

/** Sets the deprecation headers of `getPet`. */
export function setDeprecationHeaders(reply: FastifyReply): void {
  reply.header('deprecation', GET_PET_DEPRECATION.deprecation);
  reply.header('sunset', GET_PET_DEPRECATION.sunset);
  reply.header('link', GET_PET_DEPRECATION.link);
}

/** Answers 429 (`rate_limited` or `key_banned`), waiting until `until` (epoch ms). */
export function sendTooMany(
  context: ServiceContext,
  reply: FastifyReply,
  code: 'rate_limited' | 'key_banned',
  until: number,
  now: number,
): FastifyReply {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  if (context.retryAfter === 'seconds') reply.header('retry-after', String(seconds));
  if (context.retryAfter === 'http-date') {
    reply.header('retry-after', new Date(Math.ceil(until / 1000) * 1000).toUTCString());
  }
  const message =
    code === 'key_banned'
      ? `The API key is temporarily banned for sending requests while told to wait; retry in ${seconds} s.`
      : `Rate limit exceeded; retry in ${seconds} s.`;
  reply.code(429);
  if (context.rateLimitBody === 'empty') return reply.send();
  if (context.rateLimitBody === 'text')
    return reply.type('text/plain; charset=utf-8').send(message);
  return sendError(reply, 429, code, message);
}

/** What a Wi-Fi sign-in page in front of the service answers to every request. */
const PORTAL_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Welcome to the guest Wi-Fi</title></head>
<body><h1>Welcome</h1><p>Accept the terms of use to connect to the internet.</p>
<form method="post" action="/accept"><button>Accept and connect</button></form></body></html>
`;

/** Answers as a captive portal does: `200` and an HTML sign-in page, whatever was asked. */
export function sendPortalPage(reply: FastifyReply): FastifyReply {
  return reply.code(200).type('text/html; charset=utf-8').send(PORTAL_PAGE);
}

/** Destroys the connection without answering and logs the request as dropped. */
export function dropConnection(
  context: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.hijack();
  request.raw.socket.destroy();
  const info = context.requests.get(request);
  if (info) context.state.dropped(info.record);
}

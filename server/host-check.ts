/**
 * Which `Host` values the reference service answers. It listens on loopback,
 * but a web page the user visits can reach loopback through a name of its own
 * that it points at 127.0.0.1 (DNS rebinding); such requests still carry that
 * name in `Host`. So only loopback names on the service's own port are
 * answered, as the browser-mode web host does.
 *
 * With `allowRemote`, the service was bound to another address on purpose and
 * that address is accepted too. Bound to every interface (`0.0.0.0`, `::`), it
 * accepts any IP address in `Host`, never a name: rebinding needs a name, and
 * the addresses the machine answers on are not known in advance.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './replies';

/** True for hosts that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

const WILDCARD_BINDS: ReadonlySet<string> = new Set(['0.0.0.0', '::', '[::]']);
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const BRACKETED_IPV6 = /^\[[0-9a-f:.]+\]$/;

/** `Host` split into its name (IPv6 kept in brackets) and port; null when malformed. */
function parseHostHeader(value: string): { name: string; port: number } | null {
  const match = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value.trim().toLowerCase());
  if (match === null || match[1] === undefined) return null;
  const port = match[2] === undefined ? 80 : Number(match[2]);
  return port > 65_535 ? null : { name: match[1], port };
}

/** The bound address as it appears in `Host` (IPv6 in brackets). */
function asHostName(bindHost: string): string {
  const host = bindHost.toLowerCase();
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * True when a request whose `Host` is `header`, arriving on `port`, may be
 * answered by a service bound to `bindHost`.
 */
export function isAllowedHost(header: string | undefined, port: number, bindHost: string): boolean {
  if (header === undefined) return false;
  const parsed = parseHostHeader(header);
  if (parsed === null || parsed.port !== port) return false;
  const { name } = parsed;
  const unbracketed = name.startsWith('[') ? name.slice(1, -1) : name;
  if (isLoopbackHost(unbracketed)) return true;
  if (isLoopbackHost(bindHost)) return false;
  if (WILDCARD_BINDS.has(bindHost)) return IPV4.test(name) || BRACKETED_IPV6.test(name);
  return name === asHostName(bindHost);
}

/** Fastify `onRequest` hook refusing any other `Host` before anything is counted or logged. */
export function createHostCheck(bindHost: string) {
  return async function hostCheck(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (isAllowedHost(request.headers.host, request.socket.localPort ?? -1, bindHost)) return;
    await sendError(
      reply,
      403,
      'host_not_allowed',
      'This service only answers requests addressed to it by a loopback address and its own port.',
    );
  };
}

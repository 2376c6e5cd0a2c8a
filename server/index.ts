/**
 * The reference Pet Adoption Service: a real HTTP implementation of
 * `openapi.yaml` used by `npm start` (local profile), `npm run service` and the
 * tests. Start one with {@link startReferenceService}.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { createContext } from './context';
import { isLoopbackHost } from './host-check';
import { ServiceStartError } from './service-start-error';
import type { ReferenceService, ServiceOptions } from './types';

export { DEMO_KEYS, keyIdFor } from './plans';
export { isServiceStartError } from './service-start-error';
export type { Faults, ReferenceService, ServiceOptions } from './types';

/**
 * Starts a reference service and resolves once it listens.
 *
 * @example
 * const service = await startReferenceService({ port: 0, seed: 0 });
 * await fetch(`${service.url}/pets`, { headers: { authorization: 'Bearer kennel-demo-free' } });
 * await service.close();
 */
export async function startReferenceService(
  options: ServiceOptions = {},
): Promise<ReferenceService> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && !options.allowRemote) {
    throw new ServiceStartError(
      `Refusing to listen on ${host}: only loopback hosts are allowed unless allowRemote is set.`,
    );
  }
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ServiceStartError(`Port must be a whole number from 0 to 65535, not ${port}.`);
  }
  let context;
  try {
    context = createContext(options);
  } catch (error) {
    throw new ServiceStartError((error as Error).message, { cause: error });
  }
  const app = buildApp(context, host);
  try {
    await app.listen({ host, port });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EADDRINUSE'
        ? `port ${port} is already in use`
        : code === 'EACCES'
          ? `permission denied for port ${port}`
          : (error as Error).message;
    throw new ServiceStartError(`Cannot listen on ${host}:${port}: ${why}.`, { cause: error });
  }
  const address = app.server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${urlHost}:${address.port}`;
  let closed: Promise<void> | null = null;
  return {
    url: `${origin}/v1`,
    origin,
    port: address.port,
    state: context.state,
    close() {
      closed ??= (async () => {
        context.closing.abort();
        await app.close();
      })();
      return closed;
    },
  };
}

import { isAddressInUse } from '../electron/web/index';
import { startReferenceService } from '../server/index';

/** The reference service as the launchers run it. */
export interface LocalService {
  /** Base URL including `/v1`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the reference service on the preferred port, or on a free port when
 * that one is taken (another Kennel, another service): the caller then points
 * the `local` profile at whatever URL this returns.
 */
export async function startLocalService(preferredPort: number): Promise<LocalService> {
  try {
    return wrap(await startReferenceService({ port: preferredPort }));
  } catch (error) {
    if (preferredPort === 0 || !isAddressInUse(error)) throw error;
    return wrap(await startReferenceService({ port: 0 }));
  }
}

function wrap(service: { url: string; port: number; close(): Promise<void> | void }): LocalService {
  return { url: service.url, port: service.port, close: async () => service.close() };
}

/**
 * Electron's `protocol` at the boundary, for the tests that need it: the
 * schemes registered as privileged, and the handlers by scheme. Like the shared
 * mock it records and decides nothing.
 */
import type { CustomScheme } from 'electron';

type Handler = (request: Request) => Response | Promise<Response>;

export class FakeProtocol {
  privileged: CustomScheme[] | null = null;
  readonly handlers = new Map<string, Handler>();

  registerSchemesAsPrivileged(schemes: CustomScheme[]): void {
    if (this.privileged !== null) throw new Error('Schemes can be registered only once.');
    this.privileged = schemes;
  }

  handle(scheme: string, handler: Handler): void {
    if (this.handlers.has(scheme)) throw new Error(`The scheme ${scheme} is already handled.`);
    this.handlers.set(scheme, handler);
  }
}

/** The `protocol` module: the one the app registers its privileged scheme with. */
export const protocol = new FakeProtocol();

/** Gives a fake session the `protocol` a real session has, and returns it. */
export function giveProtocol(session: object): FakeProtocol {
  const sessionProtocol = new FakeProtocol();
  Object.assign(session, { protocol: sessionProtocol });
  return sessionProtocol;
}

import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { SecretKeyring } from '../core';
import type { BridgeDispatcher } from '../core/bridge/bridge-dispatcher';
import { createBrowserCore } from './browser-core';
import { handleBridge } from './bridge-route';
import { isAddressInUse } from './address-in-use';
import { DEFAULT_WEB_PORT } from './default-port';
import {
  createInstanceRandom,
  INSTANCE_PATH,
  removeInstanceSecret,
  writeInstanceSecret,
} from './instance-proof';
import { handleInstanceProbe } from './instance-route';
import { createLaunchToken } from './launch-token';
import { PortInUseError } from './port-in-use-error';
import { whoHoldsPort } from './port-owner';
import { canonicalLocation, hostKind, isLoopbackBindAddress } from './request-guards';
import { sendRedirect, sendRefusal, sendText } from './responses';
import { serveStatic } from './static-files';
import { WebHostError } from './web-host-error';

/** Options of {@link startWebHost}. */
export interface WebHostOptions {
  /** Only loopback is accepted; anything else is refused before binding. */
  host?: '127.0.0.1';
  /**
   * {@link DEFAULT_WEB_PORT} by default, so the page keeps one origin (and one
   * IndexedDB) from run to run; 0 picks a free port (tests). A taken port is a
   * {@link PortInUseError} saying who holds it, never silently replaced.
   */
  port?: number;
  /** The built renderer, usually `out/renderer`. */
  rendererDir: string;
  /** The data folder: config, and key files where the user accepted plain storage. */
  dataDir: string;
  /**
   * Where keys are kept encrypted: the OS keyring by default; null runs
   * without one (keys for the session, or a plain file with the user's consent).
   */
  keyring?: SecretKeyring | null;
  /** Environment the core reads its profile URLs from; defaults to `process.env`. */
  env?: Record<string, string | undefined>;
  /** The per-launch bridge token; a fresh random one by default. */
  token?: string;
  appVersion?: string;
  /** Largest accepted bridge body; 1 MiB by default. */
  maxBodyBytes?: number;
}

/** A running web host. */
export interface WebHost {
  /** The URL to open, carrying the token in the fragment (which never reaches a server). */
  url: string;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  token: string;
  /** Stops listening, drops open connections and closes the core. */
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const MIN_TOKEN_LENGTH = 32;

/**
 * Starts the browser-mode host: the built renderer and the bridge over HTTP on
 * 127.0.0.1, guarded by a per-launch token and Host/Origin checks. Logs nothing.
 * The port is bound before the data folder is touched, so a second Kennel on
 * the same port is turned away without opening the first one's data; it only
 * reads the secret there to ask whether the port's holder is that Kennel.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const bindAddress: string = options.host ?? '127.0.0.1';
  if (!isLoopbackBindAddress(bindAddress)) {
    throw new WebHostError(
      `The web host only listens on 127.0.0.1, not ${bindAddress}: the bridge must not be reachable from the network.`,
    );
  }
  const token = options.token ?? createLaunchToken();
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new WebHostError(
      `The bridge token must be at least ${MIN_TOKEN_LENGTH} characters long.`,
    );
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const requestedPort = options.port ?? DEFAULT_WEB_PORT;
  const secret = createInstanceRandom();

  let port = 0;
  let rendererDir = '';
  let core: BridgeDispatcher | null = null;
  const server = createServer((req, res) => {
    if (core === null) {
      sendText(res, 503, 'Kennel is starting.');
      return;
    }
    route(req, res, { core, token, port, maxBodyBytes, rendererDir, secret }).catch(() => {
      if (!res.headersSent) sendText(res, 500, 'Internal error.');
      else res.destroy();
    });
  });
  // Slow-loris bodies must not pin a socket forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;

  try {
    port = await listen(server, requestedPort, bindAddress);
  } catch (error) {
    if (isAddressInUse(error)) {
      const heldBy = await whoHoldsPort(requestedPort, options.dataDir);
      throw new PortInUseError(requestedPort, heldBy, { cause: error });
    }
    throw new WebHostError(`The web host could not listen on ${bindAddress}:${requestedPort}.`, {
      cause: error,
    });
  }

  try {
    rendererDir = await rendererFolder(options.rendererDir);
    await writeInstanceSecret(options.dataDir, port, secret);
    core = createBrowserCore({
      dataDir: options.dataDir,
      appVersion: options.appVersion ?? 'dev',
      env: options.env ?? process.env,
      ...(options.keyring === undefined ? {} : { keyring: options.keyring }),
    });
  } catch (error) {
    await closeServer(server);
    await removeInstanceSecret(options.dataDir, port, secret);
    throw error;
  }
  const activeCore = core;

  const origin = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | null = null;
  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    close: () => {
      closing ??= (async () => {
        await closeServer(server);
        await removeInstanceSecret(options.dataDir, port, secret);
        await activeCore.close();
      })();
      return closing;
    },
  };
}

interface RouteContext {
  core: BridgeDispatcher;
  token: string;
  port: number;
  maxBodyBytes: number;
  rendererDir: string;
  /** Proves to a second Kennel on this data folder that this host is its Kennel. */
  secret: string;
}

async function route(
  req: IncomingMessage,
  res: ServerResponse,
  context: RouteContext,
): Promise<void> {
  const kind = hostKind(req.headers.host, context.port);
  // DNS rebinding: a foreign name resolved to 127.0.0.1 still carries its own Host.
  if (kind === null) {
    sendRefusal(res, 403, 'This host only answers requests addressed to 127.0.0.1.');
    return;
  }
  const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
  if (kind === 'localhost') {
    // localhost is a second origin with a database of its own: pages move to
    // 127.0.0.1, and nothing else is answered there.
    if ((req.method === 'GET' || req.method === 'HEAD') && !rawPath.startsWith('/bridge/')) {
      sendRedirect(res, canonicalLocation(req.url, context.port));
    } else {
      sendRefusal(
        res,
        403,
        `Kennel answers at http://127.0.0.1:${context.port} only; open it with the URL it printed.`,
      );
    }
    return;
  }
  if (rawPath === INSTANCE_PATH) {
    handleInstanceProbe(req, res, context);
    return;
  }
  if (rawPath.startsWith('/bridge/')) {
    await handleBridge(req, res, rawPath.slice('/bridge/'.length), context);
    return;
  }
  await serveStatic(req, res, context.rendererDir, rawPath);
}

async function rendererFolder(dir: string): Promise<string> {
  const absolute = resolve(dir);
  if (!existsSync(join(absolute, 'index.html'))) {
    throw new WebHostError(
      `No built renderer in ${dir} (index.html is missing); run "npx electron-vite build" first.`,
    );
  }
  return realpath(absolute);
}

function listen(
  server: ReturnType<typeof createServer>,
  port: number,
  host: string,
): Promise<number> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: ReturnType<typeof createServer>): Promise<void> {
  return new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}

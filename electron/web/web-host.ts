import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { BridgeDispatcher } from '../main/bridge-dispatcher';
import { createBrowserCore } from './browser-core';
import { handleBridge } from './bridge-route';
import { createLaunchToken } from './launch-token';
import { isAllowedHost, isLoopbackBindAddress } from './request-guards';
import { sendRefusal, sendText } from './responses';
import { serveStatic } from './static-files';
import { WebHostError } from './web-host-error';

/** Options of {@link startWebHost}. */
export interface WebHostOptions {
  /** Only loopback is accepted; anything else is refused before binding. */
  host?: '127.0.0.1';
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The built renderer, usually `out/renderer`. */
  rendererDir: string;
  /** The data folder: config and the key file. */
  dataDir: string;
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
  const rendererDir = await rendererFolder(options.rendererDir);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  const core = createBrowserCore({
    dataDir: options.dataDir,
    appVersion: options.appVersion ?? 'dev',
    env: options.env ?? process.env,
  });

  let port = 0;
  const server = createServer((req, res) => {
    route(req, res, { core, token, port, maxBodyBytes, rendererDir }).catch(() => {
      if (!res.headersSent) sendText(res, 500, 'Internal error.');
      else res.destroy();
    });
  });
  // Slow-loris bodies must not pin a socket forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;

  try {
    port = await listen(server, options.port ?? 0, bindAddress);
  } catch (error) {
    await core.close();
    throw new WebHostError(
      `The web host could not listen on ${bindAddress}:${options.port ?? 0}.`,
      {
        cause: error,
      },
    );
  }

  const origin = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | null = null;
  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    close: () => {
      closing ??= (async () => {
        await new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
        await core.close();
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
}

async function route(
  req: IncomingMessage,
  res: ServerResponse,
  context: RouteContext,
): Promise<void> {
  // DNS rebinding: a foreign name resolved to 127.0.0.1 still carries its own Host.
  if (!isAllowedHost(req.headers.host, context.port)) {
    sendRefusal(res, 403, 'This host only answers requests addressed to 127.0.0.1 or localhost.');
    return;
  }
  const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
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

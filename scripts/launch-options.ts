import { DEFAULT_WEB_PORT } from '../electron/web/default-port';

/** Command-line options shared by `npm start` and `npm run web`. */
export interface LaunchOptions {
  /**
   * Port of the browser-mode web host; {@link DEFAULT_WEB_PORT} unless `--port`
   * says otherwise (0 picks a free one, for a throwaway session with its own data).
   */
  port: number;
  /** Preferred port of the reference service; a free one is used when it is taken. */
  servicePort: number;
  /** False with `--no-service`: use the service at `KENNEL_LOCAL_URL` instead. */
  service: boolean;
  help: boolean;
}

/** The reference service's usual port, which the `local` profile points at by default. */
const DEFAULT_SERVICE_PORT = 4010;

/** What the launchers accept, printed with `--help` and after a bad flag. */
export const USAGE = [
  'Options:',
  `  --port <n>          port of the browser-mode page (default: ${DEFAULT_WEB_PORT}; the browser keeps`,
  '                      its data per port, so a different port starts with an empty queue)',
  `  --service-port <n>  port of the reference service (default: ${DEFAULT_SERVICE_PORT}, or a free one if taken)`,
  '  --no-service        do not start the reference service; use KENNEL_LOCAL_URL',
  '  --help              show this help',
].join('\n');

/** Raised for a flag the launchers do not know or a value that is not a port. */
export class LaunchOptionsError extends Error {
  override name = 'LaunchOptionsError';
}

/** Parses `--port 8080`, `--port=8080`, `--service-port`, `--no-service`, `--help`. */
export function parseLaunchOptions(argv: readonly string[]): LaunchOptions {
  const options: LaunchOptions = {
    port: DEFAULT_WEB_PORT,
    servicePort: DEFAULT_SERVICE_PORT,
    service: true,
    help: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const [flag = '', inline] = arg.split('=', 2);
    const value = (): string => {
      if (inline !== undefined) return inline;
      i += 1;
      const next = argv[i];
      if (next === undefined) throw new LaunchOptionsError(`${flag} needs a port number.`);
      return next;
    };
    switch (flag) {
      case '--port':
        options.port = parsePort(flag, value());
        break;
      case '--service-port':
        options.servicePort = parsePort(flag, value());
        break;
      case '--no-service':
        options.service = false;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new LaunchOptionsError(`Unknown option ${flag}.`);
    }
  }
  return options;
}

function parsePort(flag: string, text: string): number {
  const port = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new LaunchOptionsError(`${flag} must be a port number from 0 to 65535, not "${text}".`);
  }
  return port;
}

import { spawn } from 'node:child_process';

/** How an Electron run ended. */
type ElectronOutcome =
  | { kind: 'closed' }
  | { kind: 'failed-to-start'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'crashed'; code: number | null; signal: NodeJS.Signals | null };

/** Options of {@link runElectron}. */
export interface RunElectronOptions {
  env: Record<string, string | undefined>;
  /**
   * Electron's stderr is held back this long: a start that fails (no display,
   * no sandbox) then prints nothing of its own, only the launcher's one line.
   */
  quietMs?: number;
  /** Where Electron's stderr goes once the start-up is over. */
  stderr?: NodeJS.WritableStream;
}

/** A running Electron and the promise of how it ends. */
export interface ElectronRun {
  stop(): void;
  outcome: Promise<ElectronOutcome>;
}

/**
 * Starts Electron and classifies its end: a clean quit (exit 0, or the Ctrl-C
 * the terminal also sent it), a failure while starting (which means "serve
 * browser mode instead"), or a crash later on.
 */
export function runElectron(
  binary: string,
  args: string[],
  options: RunElectronOptions,
): ElectronRun {
  const quietMs = options.quietMs ?? 5_000;
  const stderr = options.stderr ?? process.stderr;
  const child = spawn(binary, args, { env: options.env, stdio: ['ignore', 'inherit', 'pipe'] });

  const held: Buffer[] = [];
  let starting = true;
  const started = setTimeout(() => {
    starting = false;
    for (const chunk of held.splice(0)) stderr.write(chunk);
  }, quietMs);
  child.stderr?.on('data', (chunk: Buffer) => {
    if (starting) held.push(chunk);
    else stderr.write(chunk);
  });

  const outcome = new Promise<ElectronOutcome>((resolve) => {
    child.once('error', () => {
      clearTimeout(started);
      resolve({ kind: 'failed-to-start', code: null, signal: null });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(started);
      if (code === 0 || signal === 'SIGINT' || signal === 'SIGTERM') resolve({ kind: 'closed' });
      else if (starting) resolve({ kind: 'failed-to-start', code, signal });
      else resolve({ kind: 'crashed', code, signal });
    });
  });

  return { stop: () => child.kill('SIGTERM'), outcome };
}

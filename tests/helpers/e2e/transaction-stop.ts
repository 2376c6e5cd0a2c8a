import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/**
 * Where in the transaction that queues an import's animals the page is
 * stopped for a kill:
 * - `mid`: the armed number of the outbox's rows written inside it, the
 *   rest not yet seen through;
 * - `before-commit`: every row written, the app has nothing left to ask of it
 *   and it has not committed;
 * - `after-commit`: it has just committed (its `complete` event).
 */
export type StopPoint = 'mid' | 'before-commit' | 'after-commit';

/** What the page saw of the transaction it stopped in, when it stopped. */
interface Stopped {
  point: StopPoint;
  /** The transaction's number among the read-write transactions seen since the page loaded. */
  tx: number;
  /** Rows added to `outbox` inside that transaction (requests that succeeded). */
  outboxAdds: number;
  /** Whether it had committed by then. */
  committed: boolean;
}

/** A transaction's end, as the page saw it. */
interface Ended {
  tx: number;
  how: 'complete' | 'abort';
}

type Report = ({ kind: 'stopped' } & Stopped) | ({ kind: 'ended' } & Ended);

/** The names `transaction-stop-script.js` gives its two ends in the page. */
const BINDING = '__kennelTransactionStop';
const ARM = '__kennelArmTransactionStop';
const SCRIPT_PATH = fileURLToPath(new URL('./transaction-stop-script.js', import.meta.url));

/**
 * Lets a test stop the page inside the transaction that queues an import,
 * at a point it chooses, and see what the page saw of it. Install on a page
 * before the app opens; {@link arm} just before the import starts.
 */
export class TransactionStop {
  private readonly ends = new Map<number, Ended['how']>();
  private reached: (stopped: Stopped) => void = () => undefined;
  private readonly stop = new Promise<Stopped>((resolve) => {
    this.reached = resolve;
  });

  private constructor(private readonly page: Page) {}

  static async install(page: Page): Promise<TransactionStop> {
    const stopper = new TransactionStop(page);
    await page.exposeBinding(BINDING, (_source, report: Report) => {
      if (report.kind === 'ended') {
        stopper.ends.set(report.tx, report.how);
      } else {
        const { kind: _, ...stopped } = report;
        stopper.reached(stopped);
      }
    });
    await page.addInitScript({ path: SCRIPT_PATH });
    return stopper;
  }

  /** From now on, stops at `point` of the transaction in which the outbox's rows since reach `rows`. */
  async arm(point: StopPoint, rows: number): Promise<void> {
    await this.page.evaluate(
      ([name, p, n]) =>
        (globalThis as unknown as Record<string, (p: string, n: number) => void>)[name]?.(p, n),
      [ARM, point, rows] as const,
    );
  }

  /** Resolves once the page has stopped where it was armed to (the transaction still open unless `after-commit`). */
  async stopped(timeoutMs: number): Promise<Stopped> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The page did not reach its stop within ${timeoutMs} ms.`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([this.stop, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** How the page saw transaction `tx` end, if it did before the browser died. */
  endOf(tx: number): Ended['how'] | null {
    return this.ends.get(tx) ?? null;
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceService } from '../../../server/index';
import { freePort } from '../free-port';
import { emptyStats } from '../../../server/state';
import type {
  Faults,
  RequestRecord,
  ServiceState,
  ServiceStats,
  StoredPet,
} from '../../../server/types';

/** What the reference service returns when started. */
export type ReferenceService = Awaited<ReturnType<typeof startReferenceService>>;
/** Options of {@link startReferenceService}. */
export type ReferenceServiceOptions = NonNullable<Parameters<typeof startReferenceService>[0]>;
/** The service's inspectable state (pets, request log, stats, faults). */
export type ReferenceServiceState = ServiceState;

function addStats(total: ServiceStats, life: ServiceStats): ServiceStats {
  const byStatus = { ...total.byStatus };
  for (const [status, count] of Object.entries(life.byStatus)) {
    byStatus[Number(status)] = (byStatus[Number(status)] ?? 0) + count;
  }
  return {
    requests: total.requests + life.requests,
    created: total.created + life.created,
    rateLimited: total.rateLimited + life.rateLimited,
    bans: total.bans + life.bans,
    dropped: total.dropped + life.dropped,
    erroredAfterCreate: total.erroredAfterCreate + life.erroredAfterCreate,
    slowedAfterCreate: total.slowedAfterCreate + life.slowedAfterCreate,
    stalledAfterCreate: total.stalledAfterCreate + life.stalledAfterCreate,
    portalAnswers: total.portalAnswers + life.portalAnswers,
    byStatus,
  };
}

/**
 * One reference service that can go away and come back on the same port, as a
 * real one does in an outage: its animals are kept in a data file across
 * restarts, and its request log and counts cover every life since the first
 * start, so a test can count what reached the service before and after.
 */
export class ServiceControl {
  private running: ReferenceService | null = null;
  /** The state of every start, oldest first; the last one is the current (or last) life. */
  private readonly lives: ServiceState[] = [];
  private boundPort = 0;
  private faults: Faults | undefined;

  private constructor(
    private readonly options: ReferenceServiceOptions,
    private readonly dataDir: string,
  ) {
    this.faults = options.faults;
  }

  /** Starts a service on a loopback port nothing else is handed while it is stopped. */
  static async start(options: ReferenceServiceOptions): Promise<ServiceControl> {
    const dataDir = await mkdtemp(join(tmpdir(), 'kennel-service-'));
    const control = new ServiceControl(options, dataDir);
    control.boundPort = await freePort();
    await control.start();
    return control;
  }

  /** Base URL including `/v1`; stable across restarts. */
  get url(): string {
    return `http://127.0.0.1:${this.boundPort}/v1`;
  }

  get port(): number {
    return this.boundPort;
  }

  get isRunning(): boolean {
    return this.running !== null;
  }

  /**
   * The service's state over every life: its animals now (or when it stopped),
   * every request since the first start, and counts summed over every life.
   * Faults and idempotency set here stay in force across a restart.
   */
  get state(): ReferenceServiceState {
    const lives = this.lives;
    const current = lives.at(-1);
    if (!current) throw new Error('The reference service has never been started.');
    return {
      pets: (): StoredPet[] => current.pets(),
      get requests(): RequestRecord[] {
        return lives.flatMap((life) => life.requests);
      },
      get stats(): ServiceStats {
        return lives.map((life) => life.stats).reduce(addStats, emptyStats());
      },
      setFaults: (faults: Faults): void => {
        this.faults = faults;
        current.setFaults(faults);
      },
      setIdempotency: (on: boolean): void => {
        this.options.idempotency = on;
        current.setIdempotency(on);
      },
      reset: (): void => {
        lives.splice(0, lives.length - 1);
        current.reset();
      },
    };
  }

  /** Starts the service (again), on the same port and with the same animals as before. */
  async start(): Promise<void> {
    if (this.running) return;
    const service = await startReferenceService({
      dataFile: join(this.dataDir, 'pets.json'),
      ...this.options,
      ...(this.faults === undefined ? {} : { faults: this.faults }),
      // Another life, other dice, still from the same seed.
      ...(this.options.faultSeed === undefined
        ? {}
        : { faultSeed: (this.options.faultSeed + this.lives.length) >>> 0 }),
      port: this.boundPort,
    });
    this.running = service;
    this.lives.push(service.state);
    this.boundPort = service.port;
  }

  /** Closes the service: the port refuses connections until {@link start}. */
  async stop(): Promise<void> {
    const service = this.running;
    this.running = null;
    if (service) await service.close();
  }

  /** Stops the service for good and removes its data file. */
  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

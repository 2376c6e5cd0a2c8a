import { startReferenceService } from '../../../server/index';

/** What the reference service returns when started. */
export type ReferenceService = Awaited<ReturnType<typeof startReferenceService>>;
/** Options of {@link startReferenceService}. */
export type ReferenceServiceOptions = NonNullable<Parameters<typeof startReferenceService>[0]>;
/** The service's inspectable state (pets, request log, stats, faults). */
export type ReferenceServiceState = ReferenceService['state'];

/**
 * A reference service that can be stopped and started again on the same port,
 * so the app sees "the same" service go away and come back. The first start
 * picks a random port; every later start reuses it.
 */
export class ServiceControl {
  private running: ReferenceService | null = null;
  private lastState: ReferenceServiceState | null = null;
  private boundPort = 0;

  private constructor(private readonly options: ReferenceServiceOptions) {}

  /** Starts a service on a random loopback port. */
  static async start(options: ReferenceServiceOptions): Promise<ServiceControl> {
    const control = new ServiceControl(options);
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
   * The state of the running service, or of the last one when stopped, so a test
   * can still read what a stopped service had received.
   */
  get state(): ReferenceServiceState {
    const state = this.running?.state ?? this.lastState;
    if (!state) throw new Error('The reference service has never been started.');
    return state;
  }

  /** Starts the service (again), on the same port as before. */
  async start(): Promise<void> {
    if (this.running) return;
    const service = await startReferenceService({ ...this.options, port: this.boundPort });
    this.running = service;
    this.lastState = service.state;
    this.boundPort = service.port;
  }

  /** Closes the service: the port refuses connections until {@link start}. */
  async stop(): Promise<void> {
    const service = this.running;
    this.running = null;
    if (service) await service.close();
  }
}

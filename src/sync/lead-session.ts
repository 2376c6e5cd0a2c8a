/**
 * What the leader window does while it holds the lock: take over from a
 * previous leader, watch the outbox and "Sync now" requests from other
 * windows, run the replayer, and leave a clean status behind when it stops.
 */
import { liveQuery, type Subscription } from 'dexie';
import { auditPets } from '../data/pets';
import type { EngineContext } from './context';
import type { Replayer } from './replayer';
import { loadLastSyncAt, META_KEYS } from './status-mirror';
import type { StatusPublisher } from './status-publisher';

/** What a lead session needs beyond the shared context. */
export interface LeadSessionOptions {
  replayer: Replayer;
  publisher: StatusPublisher;
  /** Delay before the background check of every cached animal. */
  auditDelayMs: number;
}

/** Runs the leader's work until the engine stops. */
export async function leadSession(ctx: EngineContext, options: LeadSessionOptions): Promise<void> {
  const { db, status } = ctx;
  const { replayer, publisher } = options;
  // What was mirrored from a previous leader (a drain's progress above all)
  // ended with it; this window starts from its own state.
  status.setLocal({ isLeader: true, syncing: null });
  // Outcome unknown for whatever a previous replayer was sending: it is looked up before it is sent again.
  await replayer.recover();
  status.set({ lastSyncAt: (await loadLastSyncAt(db)) ?? status.value.lastSyncAt });

  // Damaged rows a list page would never reach are found in the background,
  // once start-up is over: it reads every cached row.
  const auditTimer = setTimeout(() => {
    if (!ctx.isStopping()) void auditPets(db).catch(() => undefined);
  }, options.auditDelayMs);

  let lastRequest: unknown;
  let firstRequest = true;
  const subscriptions: Subscription[] = [
    liveQuery(() => db.outbox.where('state').equals('queued').primaryKeys()).subscribe({
      next: () => replayer.outboxChanged(),
    }),
    liveQuery(() => db.meta.get(META_KEYS.syncRequest)).subscribe({
      next: (row) => {
        if (!firstRequest && row?.value !== lastRequest) replayer.requestNow();
        firstRequest = false;
        lastRequest = row?.value;
      },
    }),
  ];
  try {
    await replayer.run();
  } finally {
    clearTimeout(auditTimer);
    for (const s of subscriptions) s.unsubscribe();
    // No drain runs once this window lets go: say so to the others.
    status.setLocal({ syncing: null });
    await publisher.publishNow(status.value);
  }
}

import type { ReferenceService } from '../../../server/types';
import type { DrainRun } from '../lib/results';

/**
 * Judges a drain by what the service recorded, not by what the client believes:
 * which queued names exist in its store and how often, every request it saw,
 * its 429s and bans. Each client gets its own fresh service, so all of it is theirs.
 */
export function summarizeDrain(
  service: ReferenceService,
  client: string,
  queuedNames: readonly string[],
  durationMs: number,
  rates: { planPerSecond: number; ceilingPerSecond: number },
): DrainRun {
  const wanted = new Set(queuedNames);
  const copies = new Map<string, number>();
  for (const pet of service.state.pets()) {
    if (wanted.has(pet.name)) copies.set(pet.name, (copies.get(pet.name) ?? 0) + 1);
  }
  const created = copies.size;
  let duplicated = 0;
  for (const n of copies.values()) duplicated += n - 1;
  const seconds = durationMs / 1000;
  const createdPerSecond = created / seconds;
  const { stats, requests } = service.state;
  return {
    client,
    queued: queuedNames.length,
    created,
    lost: queuedNames.length - created,
    duplicated,
    requests: requests.length,
    rateLimited: stats.rateLimited,
    bans: stats.bans,
    byStatus: { ...stats.byStatus },
    durationMs: Math.round(durationMs),
    sentPerSecond: Math.round((requests.length / seconds) * 100) / 100,
    createdPerSecond: Math.round(createdPerSecond * 100) / 100,
    ofPlanPercent: Math.round((createdPerSecond / rates.planPerSecond) * 1000) / 10,
    ofCeilingPercent: Math.round((createdPerSecond / rates.ceilingPerSecond) * 1000) / 10,
  };
}

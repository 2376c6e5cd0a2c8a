/**
 * Words and the export file for records Kennel set aside because they failed
 * their check when read back. They are kept, not deleted: the user can see
 * each one as it was stored and take them away as a JSON file.
 */
import type { ProfileName } from '../../electron/contract/profiles';
import { formatNumber } from '../format/clock';
import { t } from '../i18n';

/** A quarantined record as the data layer hands it over. */
export interface QuarantinedRecord {
  id?: number;
  table: string;
  row: unknown;
  problem: string;
  at: number;
}

/** "1 damaged record set aside", "3 damaged records set aside". */
export function quarantineSummary(count: number): string {
  return t('status.quarantine.summary', { n: formatNumber(count) }, count);
}

/** Which part of the local data a record came from, as people say it. */
export function quarantineSource(table: string): string {
  if (table === 'pets') return t('status.quarantine.source.pets');
  if (table === 'outbox') return t('status.quarantine.source.outbox');
  return t('status.quarantine.source.other', { table });
}

/**
 * "2 waiting animals have lost their place in the queue": pending rows whose
 * outbox entry is gone (set aside or removed), so nothing will ever send them.
 */
export function orphanSummary(count: number): string {
  return t('status.quarantine.orphans', { n: formatNumber(count) }, count);
}

/**
 * A stored value as JSON text, whatever IndexedDB held: a damaged record may
 * contain what JSON has no form for (bigint, undefined, Map, Set, cycles), and
 * showing it must not fail.
 */
export function rawJson(value: unknown): string {
  const seen = new WeakSet<object>();
  try {
    const text = JSON.stringify(
      value,
      (_key, item: unknown) => {
        if (typeof item === 'bigint') return `${item.toString()}n`;
        if (item === undefined) return '(undefined)';
        if (typeof item === 'number' && !Number.isFinite(item)) return String(item);
        if (item instanceof Map) return { '(Map)': [...item.entries()] };
        if (item instanceof Set) return { '(Set)': [...item.values()] };
        if (typeof item === 'object' && item !== null) {
          if (seen.has(item)) return '(circular)';
          seen.add(item);
        }
        return item;
      },
      2,
    );
    return text ?? String(value);
  } catch {
    return String(value);
  }
}

/** `text` parsed back when it is JSON, else the text itself. */
function reparsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The file the user saves: which profile, when, and every record as stored. */
export interface QuarantineExport {
  fileName: string;
  text: string;
}

/**
 * The JSON export of `records` of `profile`. Values JSON cannot carry are
 * written as {@link rawJson} shows them, so the file always parses.
 */
export function quarantineExport(
  profile: ProfileName,
  records: readonly QuarantinedRecord[],
  now: number,
): QuarantineExport {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const body = {
    profile,
    exportedAt: new Date(now).toISOString(),
    records: records.map((record) => ({
      table: record.table,
      problem: record.problem,
      setAsideAt: new Date(record.at).toISOString(),
      row: reparsed(rawJson(record.row)),
    })),
  };
  return { fileName: `kennel-${profile}-set-aside-${stamp}.json`, text: rawJson(body) };
}

/**
 * Which advisories of an `npm audit --json` report touch what Kennel ships.
 * `npm audit --omit=dev` sees only the production tree, but the renderer's
 * libraries are devDependencies the bundle carries (so electron-builder does
 * not pack them twice); the build lists them (build/vite/shipped-packages.ts)
 * and this reads the full report against that list.
 */
import type { ShippedPackage } from '../build/vite/shipped-packages';

/** The parts of package-lock.json (v2/v3) read here. */
export interface LockFile {
  packages: Record<string, { version?: string; dev?: boolean; link?: boolean }>;
}

/** One installed package that ships, and why it does. */
export interface ShippedNode {
  /** `node_modules/vue`, as the lock and npm audit name it. */
  location: string;
  name: string;
  version: string;
  /** `production dependency`, `desktop runtime`, `renderer bundle`… */
  shippedBy: string[];
}

/** An advisory against a package that ships. */
export interface ShippedAdvisory {
  name: string;
  severity: Severity;
  title: string;
  url: string;
  /** The vulnerable versions, as the advisory gives them. */
  range: string;
  /** The shipped copies it affects. */
  affected: ShippedNode[];
}

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;
type Severity = (typeof SEVERITIES)[number];

/** Severities that fail the audit. */
const FAILING: ReadonlySet<Severity> = new Set(['high', 'critical']);

/** The Electron runtime electron-builder packs is the installed `electron` package's. */
const ELECTRON = 'node_modules/electron';

/** The bundle lists do not match what is installed, or the lock is unreadable. */
export class ShippedListError extends Error {
  override name = 'ShippedListError';
}

/** `npm audit` answered with an error instead of a report (no registry, a refused request). */
export class AuditUnavailableError extends Error {
  override name = 'AuditUnavailableError';
}

function nameAt(location: string): string {
  return location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/**
 * Every installed package that ships: the production tree (what `npm audit
 * --omit=dev` covers, optional native parts included), the Electron runtime,
 * and each package a bundle carries. A bundle's package must be the very
 * copy installed: a list from an older install means a build is due.
 */
export function shippedNodes(
  lock: LockFile,
  bundles: Readonly<Record<string, readonly ShippedPackage[]>>,
): Map<string, ShippedNode> {
  const shipped = new Map<string, ShippedNode>();
  const add = (location: string, version: string, why: string): void => {
    const node = shipped.get(location);
    if (node === undefined) {
      shipped.set(location, { location, name: nameAt(location), version, shippedBy: [why] });
    } else if (!node.shippedBy.includes(why)) {
      node.shippedBy.push(why);
    }
  };
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (!location.startsWith('node_modules/') || entry.link === true) continue;
    if (entry.version === undefined) continue;
    if (entry.dev !== true) add(location, entry.version, 'production dependency');
    else if (location === ELECTRON) add(location, entry.version, 'desktop runtime');
  }
  for (const [target, list] of Object.entries(bundles)) {
    for (const item of list) {
      const installed = lock.packages[item.location]?.version;
      if (installed !== item.version || nameAt(item.location) !== item.name) {
        throw new ShippedListError(
          `The ${target} bundle's list names ${item.name} ${item.version} at ${item.location}, ` +
            `but ${installed === undefined ? 'nothing' : installed} is installed there: build again.`,
        );
      }
      add(item.location, item.version, `${target} bundle`);
    }
  }
  return shipped;
}

interface ReportAdvisory {
  title?: unknown;
  url?: unknown;
  severity?: unknown;
  range?: unknown;
}

interface ReportVulnerability {
  name?: unknown;
  via?: unknown;
  nodes?: unknown;
}

function isSeverity(value: unknown): value is Severity {
  return (SEVERITIES as readonly unknown[]).includes(value);
}

function asObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The vulnerabilities of an npm 7+ report (`auditReportVersion: 2`), or why there are none. */
function vulnerabilitiesOf(report: unknown): ReportVulnerability[] {
  const root = asObject(report);
  if (root !== null && root['auditReportVersion'] === 2) {
    const vulnerabilities = asObject(root['vulnerabilities']);
    if (vulnerabilities !== null) return Object.values(vulnerabilities) as ReportVulnerability[];
  }
  const error = asObject(root?.['error']);
  const message = [root?.['message'], error?.['summary'], error?.['detail']].find(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  throw new AuditUnavailableError(
    `npm audit gave no report${message === undefined ? '' : `: ${message}`}.`,
  );
}

/**
 * The advisories against shipped copies, worst first. npm lists under each
 * package the copies (`nodes`) whose version is vulnerable; an entry whose
 * `via` names only another package (it is affected through that dependency)
 * is left to that package's own entry, which counts if that package ships.
 */
export function shippedAdvisories(
  report: unknown,
  shipped: ReadonlyMap<string, ShippedNode>,
): ShippedAdvisory[] {
  const found: ShippedAdvisory[] = [];
  for (const vulnerability of vulnerabilitiesOf(report)) {
    const nodes = Array.isArray(vulnerability.nodes) ? vulnerability.nodes : [];
    const affected = nodes
      .map((location) => (typeof location === 'string' ? shipped.get(location) : undefined))
      .filter((node): node is ShippedNode => node !== undefined);
    if (affected.length === 0 || !Array.isArray(vulnerability.via)) continue;
    for (const via of vulnerability.via as unknown[]) {
      const advisory = asObject(via) as ReportAdvisory | null;
      if (advisory === null) continue;
      found.push({
        name: typeof vulnerability.name === 'string' ? vulnerability.name : affected[0]!.name,
        // An unknown severity is counted as the worst, never silently passed.
        severity: isSeverity(advisory.severity) ? advisory.severity : 'critical',
        title: typeof advisory.title === 'string' ? advisory.title : '(no title)',
        url: typeof advisory.url === 'string' ? advisory.url : '',
        range: typeof advisory.range === 'string' ? advisory.range : '',
        affected,
      });
    }
  }
  return found.sort(
    (a, b) =>
      SEVERITIES.indexOf(b.severity) - SEVERITIES.indexOf(a.severity) ||
      a.name.localeCompare(b.name) ||
      a.url.localeCompare(b.url),
  );
}

/** True when an advisory is severe enough to fail the audit. */
export function failsAudit(advisories: readonly ShippedAdvisory[]): boolean {
  return advisories.some((advisory) => FAILING.has(advisory.severity));
}

/** What `npm run audit:shipped` prints: what was checked, each advisory, the verdict. */
export function auditReport(
  shipped: ReadonlyMap<string, ShippedNode>,
  advisories: readonly ShippedAdvisory[],
): string[] {
  const nodes = [...shipped.values()];
  const bundled = nodes.filter((node) => node.shippedBy.some((why) => why.endsWith(' bundle')));
  const lines = [
    `Checked ${nodes.length} shipped packages (${bundled.length} inside the bundles) against npm’s advisories.`,
  ];
  for (const advisory of advisories) {
    const where = advisory.affected
      .map((node) => `${node.name} ${node.version}, ${node.shippedBy.join(' and ')}`)
      .join('; ');
    lines.push(
      `  ${advisory.severity.padEnd(8)} ${advisory.name} (${where}): ${advisory.title}` +
        `${advisory.range === '' ? '' : ` [${advisory.range}]`}${advisory.url === '' ? '' : ` ${advisory.url}`}`,
    );
  }
  if (advisories.length === 0) lines.push('No advisory affects a shipped package.');
  else if (failsAudit(advisories)) {
    lines.push('Failed: a high or critical advisory affects what Kennel ships.');
  } else lines.push('Passed: no high or critical advisory affects what Kennel ships.');
  return lines;
}

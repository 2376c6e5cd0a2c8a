import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ShippedPackage } from '../../../build/vite/shipped-packages';
import {
  AuditUnavailableError,
  auditReport,
  failsAudit,
  shippedAdvisories,
  shippedNodes,
  ShippedListError,
  type LockFile,
} from '../../../scripts/shipped-audit';

const FIXTURES = join(__dirname, '../../fixtures/audit');
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const REPORT = readJson(join(FIXTURES, 'npm-audit-report.json'));

/** The tree the fixture report was made for: three production packages, the rest dev. */
const LOCK: LockFile = {
  packages: {
    '': { version: '0.1.0' },
    'node_modules/ky': { version: '1.14.3' },
    'node_modules/@napi-rs/keyring-linux-x64-gnu': { version: '2.1.2' },
    'node_modules/chart.js': { version: '4.6.1', dev: true },
    'node_modules/csv-tool': { version: '1.0.0', dev: true },
    'node_modules/csv-tool/node_modules/papaparse': { version: '5.1.0', dev: true },
    'node_modules/dexie': { version: '4.4.7', dev: true },
    'node_modules/electron': { version: '45.4.1', dev: true },
    'node_modules/esbuild': { version: '0.28.2', dev: true },
    'node_modules/papaparse': { version: '5.7.1', dev: true },
    'node_modules/vue': { version: '3.5.45', dev: true },
    'node_modules/vue-chartjs': { version: '5.3.4', dev: true },
  },
};

function bundled(name: string, version: string): ShippedPackage {
  return { name, version, location: `node_modules/${name}` };
}

const RENDERER = [
  bundled('chart.js', '4.6.1'),
  bundled('dexie', '4.4.7'),
  bundled('papaparse', '5.7.1'),
  bundled('vue', '3.5.45'),
  bundled('vue-chartjs', '5.3.4'),
];

describe('what ships', () => {
  it('is the production tree, the Electron runtime and every bundle’s packages', () => {
    const shipped = shippedNodes(LOCK, { main: [], renderer: RENDERER });
    expect(Object.fromEntries([...shipped].map(([at, node]) => [at, node.shippedBy]))).toEqual({
      'node_modules/ky': ['production dependency'],
      'node_modules/@napi-rs/keyring-linux-x64-gnu': ['production dependency'],
      'node_modules/electron': ['desktop runtime'],
      'node_modules/chart.js': ['renderer bundle'],
      'node_modules/dexie': ['renderer bundle'],
      'node_modules/papaparse': ['renderer bundle'],
      'node_modules/vue': ['renderer bundle'],
      'node_modules/vue-chartjs': ['renderer bundle'],
    });
  });

  it('in this repository, takes the renderer’s libraries from the build: npm counts them as dev', () => {
    const lock = readJson(join(__dirname, '../../../package-lock.json')) as LockFile;
    const libraries = ['vue', 'pinia', 'dexie', 'papaparse', 'bwip-js', 'chart.js', 'fflate'];
    const list = [...libraries, 'write-excel-file'].map((name) =>
      bundled(name, lock.packages[`node_modules/${name}`]?.version ?? 'missing'),
    );
    // What `npm audit --omit=dev` sees: none of them.
    const productionOnly = shippedNodes(lock, {});
    for (const item of list) expect(productionOnly.has(item.location), item.name).toBe(false);
    const withBundle = shippedNodes(lock, { renderer: list });
    for (const item of list) {
      expect(withBundle.get(item.location)?.shippedBy, item.name).toEqual(['renderer bundle']);
    }
  });

  it('refuses a bundle list that does not match what is installed', () => {
    expect(() => shippedNodes(LOCK, { renderer: [bundled('dexie', '4.4.6')] })).toThrow(
      new ShippedListError(
        "The renderer bundle's list names dexie 4.4.6 at node_modules/dexie, but 4.4.7 is installed there: build again.",
      ),
    );
    expect(() => shippedNodes(LOCK, { renderer: [bundled('left-pad', '1.3.0')] })).toThrow(
      ShippedListError,
    );
  });
});

describe('the advisories that count', () => {
  const shipped = shippedNodes(LOCK, { renderer: RENDERER });

  it('are those against a shipped copy, worst first', () => {
    const found = shippedAdvisories(REPORT, shipped);
    expect(found.map((a) => [a.severity, a.name, a.affected.map((n) => n.location)])).toEqual([
      ['high', 'dexie', ['node_modules/dexie']],
      ['moderate', 'chart.js', ['node_modules/chart.js']],
      ['moderate', 'electron', ['node_modules/electron']],
      ['low', 'ky', ['node_modules/ky']],
    ]);
    // Left out: esbuild (a build tool), papaparse (only a dev tool's own old copy is vulnerable),
    // and vue-chartjs and csv-tool, affected only through a dependency counted on its own.
    expect(failsAudit(found)).toBe(true);
  });

  it('miss the bundled libraries when only the production tree is read, as --omit=dev does', () => {
    const found = shippedAdvisories(REPORT, shippedNodes(LOCK, {}));
    expect(found.map((a) => a.name)).toEqual(['electron', 'ky']);
    expect(failsAudit(found)).toBe(false);
  });

  it('fail the audit on high or critical only, and on a severity npm does not name', () => {
    const found = shippedAdvisories(REPORT, shipped);
    expect(failsAudit(found.filter((a) => a.severity !== 'high'))).toBe(false);
    const odd = {
      auditReportVersion: 2,
      vulnerabilities: {
        vue: {
          name: 'vue',
          via: [{ title: 'x', severity: 'severe' }],
          nodes: ['node_modules/vue'],
        },
      },
    };
    const [unknown] = shippedAdvisories(odd, shipped);
    expect(unknown?.severity).toBe('critical');
    expect(failsAudit(shippedAdvisories(odd, shipped))).toBe(true);
  });

  it('are printed one line each, with the verdict', () => {
    const found = shippedAdvisories(REPORT, shipped);
    expect(auditReport(shipped, found)).toEqual([
      'Checked 8 shipped packages (5 inside the bundles) against npm’s advisories.',
      '  high     dexie (dexie 4.4.7, renderer bundle): Fixture: prototype pollution through key paths [<4.4.8] https://github.com/advisories/GHSA-fx01-0000-0001',
      '  moderate chart.js (chart.js 4.6.1, renderer bundle): Fixture: label text drawn unescaped in tooltips [<4.6.2] https://github.com/advisories/GHSA-fx02-0000-0002',
      "  moderate electron (electron 45.4.1, desktop runtime): Fixture: a renderer can reach a closed window's contents [>=45.0.0 <45.4.2] https://github.com/advisories/GHSA-fx05-0000-0005",
      '  low      ky (ky 1.14.3, production dependency): Fixture: a retry repeats a header it was told to drop [<1.14.4] https://github.com/advisories/GHSA-fx04-0000-0004',
      'Failed: a high or critical advisory affects what Kennel ships.',
    ]);
    expect(auditReport(shipped, []).at(-1)).toBe('No advisory affects a shipped package.');
  });
});

describe('an audit that could not run', () => {
  it('is an error naming npm’s answer, never an empty pass', () => {
    const unreachable = readJson(join(FIXTURES, 'npm-audit-unreachable.json'));
    expect(() => shippedAdvisories(unreachable, new Map())).toThrow(
      new AuditUnavailableError(
        'npm audit gave no report: 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk.',
      ),
    );
    expect(() => shippedAdvisories(null, new Map())).toThrow(AuditUnavailableError);
    expect(() => shippedAdvisories({ auditReportVersion: 1 }, new Map())).toThrow(
      'npm audit gave no report.',
    );
  });
});

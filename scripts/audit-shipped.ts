/**
 * `npm run audit:shipped`: npm's advisories for exactly what Kennel ships, the
 * production tree, the Electron runtime and the packages the bundles carry
 * (listed by the build just run). Needs npm's registry. Exits 1 when a high
 * or critical advisory affects a shipped package, 2 when it cannot tell.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { shippedListPath, type ShippedPackage } from '../build/vite/shipped-packages';
import {
  auditReport,
  failsAudit,
  shippedAdvisories,
  shippedNodes,
  type LockFile,
} from './shipped-audit';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TARGETS = ['main', 'preload', 'renderer'] as const;

function readJson(path: string, missing: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new Error(missing);
  }
}

try {
  const lock = readJson(`${ROOT}package-lock.json`, 'package-lock.json is missing or unreadable.');
  const bundles: Record<string, ShippedPackage[]> = {};
  for (const target of TARGETS) {
    const path = shippedListPath(`${ROOT}out/${target}`, target);
    bundles[target] = readJson(
      path,
      `No list of the ${target} bundle's packages (${path}): run "npx electron-vite build" first.`,
    ) as ShippedPackage[];
  }
  const shipped = shippedNodes(lock as LockFile, bundles);
  // Every tree, dev included: the bundles' packages are devDependencies, whatever npm's config omits.
  const audit = spawnSync('npm', ['audit', '--json', '--include=dev'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === 'win32',
  });
  const report: unknown = readJsonText(audit.stdout);
  const advisories = shippedAdvisories(report, shipped);
  for (const line of auditReport(shipped, advisories)) console.log(line);
  process.exit(failsAudit(advisories) ? 1 : 0);
} catch (error) {
  console.error(`The audit of what ships could not run: ${(error as Error).message}`);
  process.exit(2);
}

function readJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

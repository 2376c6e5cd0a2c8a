import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The summary's file name, in the run's output folder (`test-results/` unless `--output` says otherwise). */
const AXE_SUMMARY_FILE = 'axe-summary.jsonl';

/**
 * The run's output folder from the Playwright config, resolved against the
 * config's folder, so the summary lands in the same place whatever folder the
 * run was started from. Playwright empties that folder when a run starts, so
 * the file holds one run's checks.
 */
function summaryPath(): string {
  return join(test.info().project.outputDir, AXE_SUMMARY_FILE);
}

/**
 * Runs axe on the page as it is now and fails the test on any violation, of
 * any impact, letting it go on to check the next screen. Each check's figures are appended to {@link AXE_SUMMARY_FILE}, so a run
 * leaves a per-screen record of what axe looked at.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  // Legacy mode runs axe.run in the page itself: the same rules and results for
  // an app without cross-origin frames, without a blank page per check to finish
  // the run in (about 40% of each check's time).
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'unknown'}): ${v.help} at ${v.nodes
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
  const theme = await page.locator('html').getAttribute('data-theme');
  const summary = summaryPath();
  await mkdir(dirname(summary), { recursive: true });
  await appendFile(
    summary,
    `${JSON.stringify({
      screen,
      theme: theme ?? 'light',
      violations: results.violations.length,
      rules: results.violations.map((v) => `${v.id}:${v.nodes.length}`),
      passes: results.passes.length,
      incomplete: results.incomplete.length,
    })}\n`,
  );
  // Soft: a walk through many screens reports every screen's violations, not only the first.
  expect.soft(violations, `axe on "${screen}" (${theme ?? 'light'})`).toEqual([]);
}

import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Where each screen's axe figures are written, one JSON line per check. */
export const AXE_SUMMARY = join('test-results', 'axe-summary.jsonl');

/**
 * Runs axe on the page as it is now and fails on any violation, of any
 * impact. Each check's figures are appended to {@link AXE_SUMMARY}, so a run
 * leaves a per-screen record of what axe looked at.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'unknown'}): ${v.help} at ${v.nodes
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
  const theme = await page.locator('html').getAttribute('data-theme');
  await mkdir('test-results', { recursive: true });
  await appendFile(
    AXE_SUMMARY,
    `${JSON.stringify({
      screen,
      theme: theme ?? 'light',
      violations: results.violations.length,
      passes: results.passes.length,
      incomplete: results.incomplete.length,
    })}\n`,
  );
  expect(violations, `axe on "${screen}" (${theme ?? 'light'})`).toEqual([]);
}

import type { Page } from '@playwright/test';

/**
 * Used JS heap of the page in MB (10^6 bytes) after a full garbage collection,
 * so the figure is what the app keeps alive rather than what it happens not to
 * have freed yet.
 */
export async function usedHeapMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return Math.round((usedSize / 1e6) * 10) / 10;
  } finally {
    await cdp.detach();
  }
}

/** How {@link usedHeapMB} measures, for the results file. */
export const HEAP_METHOD = 'CDP HeapProfiler.collectGarbage, then Runtime.getHeapUsage usedSize';

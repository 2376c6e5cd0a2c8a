import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const SHOTS = 'docs/screenshots';

/** Every image path the README shows, as written in its Markdown. */
function readmeImages(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe('the README pictures', () => {
  it('shows only pictures that are in docs/screenshots, and every one of them', () => {
    const shown = readmeImages();
    const onDisk = readdirSync(join(ROOT, SHOTS))
      .filter((name) => name.endsWith('.png'))
      .map((name) => `${SHOTS}/${name}`);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((path) => !onDisk.includes(path))).toEqual([]);
    expect(onDisk.filter((path) => !shown.includes(path))).toEqual([]);
  });

  it('has each screen in light and in dark', () => {
    const shown = readmeImages().filter((path) => path.startsWith(`${SHOTS}/`));
    const screens = new Set(shown.map((path) => path.replace(/-(light|dark)\.png$/, '')));
    for (const screen of screens) {
      expect(shown, screen).toContain(`${screen}-light.png`);
      expect(shown, screen).toContain(`${screen}-dark.png`);
    }
  });
});

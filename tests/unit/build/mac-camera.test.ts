import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface MacConfig {
  hardenedRuntime?: boolean;
  entitlements?: string;
  entitlementsInherit?: string;
  extendInfo?: Record<string, string>;
}

describe('the macOS package', () => {
  it('may use the camera under the hardened runtime, and tells the user why', async () => {
    const config = parse(await readFile('build/electron-builder.yml', 'utf8')) as {
      mac?: MacConfig;
    };
    const mac = config.mac ?? {};
    expect(mac.hardenedRuntime).toBe(true);
    expect(mac.entitlementsInherit).toBe(mac.entitlements);
    const entitlements = await readFile(mac.entitlements ?? '', 'utf8');
    expect(entitlements).toMatch(/<key>com\.apple\.security\.device\.camera<\/key>\s*<true\/>/);
    // Never the microphone: the camera view asks for video alone.
    expect(entitlements).not.toMatch(/device\.(audio-input|microphone)/);
    expect(mac.extendInfo?.['NSCameraUsageDescription']).toMatch(/photo/);
    expect(mac.extendInfo).not.toHaveProperty('NSMicrophoneUsageDescription');
  });
});

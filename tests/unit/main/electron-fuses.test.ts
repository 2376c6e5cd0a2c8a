import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

describe('Electron fuses flipped at package time', () => {
  it('take file:// its extra privileges away and keep every other hardening fuse', async () => {
    const config = parse(await readFile('build/electron-builder.yml', 'utf8')) as {
      electronFuses?: Record<string, boolean>;
    };
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});

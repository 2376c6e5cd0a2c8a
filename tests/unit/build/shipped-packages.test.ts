import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  packageFolderOf,
  shippedListPath,
  shippedModuleIds,
  shippedPackages,
  type ShippedPackage,
} from '../../../build/vite/shipped-packages';

describe('the package a module belongs to', () => {
  it('is the folder after the last node_modules, scoped names whole, nested copies their own', () => {
    expect(packageFolderOf('/repo/node_modules/dexie/dist/dexie.mjs')).toEqual({
      folder: '/repo/node_modules/dexie',
      location: 'node_modules/dexie',
    });
    expect(packageFolderOf('/repo/node_modules/@vue/runtime-dom/dist/x.js')?.location).toBe(
      'node_modules/@vue/runtime-dom',
    );
    expect(packageFolderOf('/repo/node_modules/a/node_modules/@s/b/i.js')).toEqual({
      folder: '/repo/node_modules/a/node_modules/@s/b',
      location: 'node_modules/a/node_modules/@s/b',
    });
  });

  it('reads through virtual markers, queries and Windows separators', () => {
    expect(
      packageFolderOf('\0/repo/node_modules/papaparse/papaparse.js?commonjs-es-import'),
    ).toEqual({ folder: '/repo/node_modules/papaparse', location: 'node_modules/papaparse' });
    expect(packageFolderOf('C:\\repo\\node_modules\\fflate\\esm\\browser.js')?.location).toBe(
      'node_modules/fflate',
    );
  });

  it('is none for the app’s own modules and virtual ones', () => {
    expect(packageFolderOf('/repo/src/main.ts')).toBeNull();
    expect(packageFolderOf('\0vite/preload-helper.js')).toBeNull();
    expect(packageFolderOf('/repo/node_modules/')).toBeNull();
    expect(packageFolderOf('/repo/node_modules/@scope')).toBeNull();
  });
});

describe('which modules ship', () => {
  it('counts code left in the output and what the app imports, not a library’s shaken-out helper', () => {
    const ids = shippedModuleIds([
      { id: '/r/src/main.ts', renderedLength: 90, imports: ['/r/node_modules/facade/index.js'] },
      // A facade: all re-exports, nothing of its own in the output.
      {
        id: '/r/node_modules/facade/index.js',
        renderedLength: 0,
        imports: ['/r/node_modules/core/i.js'],
      },
      {
        id: '/r/node_modules/core/i.js',
        renderedLength: 400,
        imports: ['/r/node_modules/devtools/i.js'],
      },
      { id: '/r/node_modules/devtools/i.js', renderedLength: 0, imports: [] },
    ]);
    expect(ids.sort()).toEqual([
      '/r/node_modules/core/i.js',
      '/r/node_modules/facade/index.js',
      '/r/src/main.ts',
    ]);
  });
});

describe('a real build', () => {
  let root: string;
  let listed: ShippedPackage[];

  async function writePackage(name: string, version: string, files: Record<string, string>) {
    const folder = join(root, 'node_modules', name);
    await mkdir(folder, { recursive: true });
    await writeFile(
      join(folder, 'package.json'),
      JSON.stringify({ name, version, type: 'module', main: 'index.js', sideEffects: false }),
    );
    for (const [file, text] of Object.entries(files)) await writeFile(join(folder, file), text);
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kennel-shipped-'));
    await mkdir(join(root, 'src'));
    await writePackage('facade', '1.0.0', { 'index.js': "export { shout } from 'core';\n" });
    await writePackage('core', '2.3.4', {
      'index.js':
        "import { inspect } from 'devtools';\nexport const shout = (s) => s.toUpperCase() + '!';\nexport const debug = (s) => inspect(s);\n",
    });
    await writePackage('devtools', '9.9.9', {
      'index.js': 'export const inspect = (s) => `<${s}>`;\n',
    });
    await writePackage('@scope/in-worker', '0.1.0', {
      'index.js': 'export const twice = (n) => n * 2;\n',
    });
    await writePackage('unused', '5.0.0', { 'index.js': 'export const never = 1;\n' });
    await writeFile(
      join(root, 'src', 'index.html'),
      '<!doctype html><script type="module" src="./main.js"></script>',
    );
    await writeFile(
      join(root, 'src', 'main.js'),
      "import { shout } from 'facade';\n" +
        "const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });\n" +
        'worker.postMessage(shout("hi"));\n',
    );
    await writeFile(
      join(root, 'src', 'worker.js'),
      "import { twice } from '@scope/in-worker';\nself.onmessage = (e) => self.postMessage(twice(e.data.length));\n",
    );
    await build({
      root: join(root, 'src'),
      configFile: false,
      logLevel: 'silent',
      plugins: [shippedPackages('renderer')],
      worker: { format: 'es', plugins: () => [shippedPackages('renderer')] },
      build: { outDir: join(root, 'out', 'renderer'), emptyOutDir: true, minify: false },
    });
    const path = shippedListPath(join(root, 'out', 'renderer'), 'renderer');
    listed = JSON.parse(await readFile(path, 'utf8')) as ShippedPackage[];
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('lists each package whose code ships, with the version its package.json gives', () => {
    expect(listed).toEqual([
      { name: '@scope/in-worker', version: '0.1.0', location: 'node_modules/@scope/in-worker' },
      { name: 'core', version: '2.3.4', location: 'node_modules/core' },
      { name: 'facade', version: '1.0.0', location: 'node_modules/facade' },
    ]);
  });

  it('writes the list beside the bundle, where the web host does not serve it', () => {
    expect(dirname(shippedListPath(join(root, 'out', 'renderer'), 'renderer'))).toBe(
      join(root, 'out', 'shipped-packages'),
    );
  });
});

describe('Kennel’s own build', () => {
  it('lists the packages of every target, the renderer’s workers included', async () => {
    const { default: config } = await import('../../../electron.vite.config');
    const names = (plugins: unknown): unknown[] =>
      (Array.isArray(plugins) ? plugins : []).map((plugin) => (plugin as { name?: unknown }).name);
    const workerPlugins = config.renderer?.worker?.plugins;
    expect(names(config.main?.plugins)).toContain('kennel-shipped-packages');
    expect(names(config.preload?.plugins)).toContain('kennel-shipped-packages');
    expect(names(config.renderer?.plugins)).toContain('kennel-shipped-packages');
    expect(typeof workerPlugins).toBe('function');
    expect(names(typeof workerPlugins === 'function' ? workerPlugins() : [])).toContain(
      'kennel-shipped-packages',
    );
  });
});

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The npm packages a build puts inside its bundle. The renderer's libraries
 * (vue, dexie, papaparse…) are devDependencies, since the bundle carries them
 * and electron-builder must not pack them a second time, so `npm audit
 * --omit=dev` never sees them; this list, from the build itself, is what
 * `npm run audit:shipped` checks instead (scripts/audit-shipped.ts).
 */

/** One package whose code is in a bundle. */
export interface ShippedPackage {
  name: string;
  version: string;
  /** Where npm installed it, as the lock file and `npm audit` name it: `node_modules/vue`. */
  location: string;
}

/** What a package's own package.json says of it. */
interface PackageManifest {
  name: string;
  version: string;
}

const NODE_MODULES = '/node_modules/';

/**
 * The folder of the package a module belongs to, or null for the app's own
 * modules and virtual ones. Bundlers mark virtual ids with `\0` and add
 * queries (`?commonjs-proxy`); a package nested in another's `node_modules`
 * is its own package.
 */
export function packageFolderOf(moduleId: string): { folder: string; location: string } | null {
  const path = moduleId.replace(/^\0+/, '').split('?')[0]?.replaceAll('\\', '/') ?? '';
  const last = path.lastIndexOf(NODE_MODULES);
  if (last === -1) return null;
  const segments = path.slice(last + NODE_MODULES.length).split('/');
  const first = segments[0] ?? '';
  const nameLength = first.startsWith('@') ? 2 : 1;
  if (first === '' || segments.length <= nameLength) return null;
  const folder =
    path.slice(0, last + NODE_MODULES.length) + segments.slice(0, nameLength).join('/');
  // `node_modules/a/node_modules/b`, from the first node_modules, wherever the tree lies on disk.
  const location = folder.slice(path.indexOf(NODE_MODULES) + 1);
  return { folder, location };
}

/**
 * The packages behind `moduleIds`, one entry per installed copy, sorted by
 * location. `readManifest` reads a package folder's package.json.
 */
function packagesOfModules(
  moduleIds: Iterable<string>,
  readManifest: (folder: string) => PackageManifest,
): ShippedPackage[] {
  const byLocation = new Map<string, ShippedPackage>();
  for (const id of moduleIds) {
    const owner = packageFolderOf(id);
    if (owner === null || byLocation.has(owner.location)) continue;
    const { name, version } = readManifest(owner.folder);
    byLocation.set(owner.location, { name, version, location: owner.location });
  }
  return [...byLocation.values()].sort((a, b) => a.location.localeCompare(b.location));
}

function readManifest(folder: string): PackageManifest {
  const parsed: unknown = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const { name, version } = (parsed ?? {}) as { name?: unknown; version?: unknown };
  if (typeof name !== 'string' || typeof version !== 'string') {
    throw new Error(`${folder}/package.json names no package and version.`);
  }
  return { name, version };
}

/** Where a target's list is written: `out/shipped-packages/<target>.json`, beside its bundle. */
export function shippedListPath(outDir: string, target: string): string {
  return join(dirname(outDir), 'shipped-packages', `${target}.json`);
}

/** What one build saw of a module: its code in the output, and what it imports. */
export interface BuiltModule {
  id: string;
  /** Characters of its code left in a chunk once tree-shaking is done; 0 when none is. */
  renderedLength: number;
  /** Modules it imports, statically or with `import()`. */
  imports: readonly string[];
}

/**
 * The modules whose package ships: every module with code in the output, and
 * every module Kennel's own code imports, even one that is only a facade
 * re-exporting another package (`vue` is `@vue/runtime-dom`'s): advisories
 * are filed under the name the app depends on. A package only another
 * library imports, and whose code was all shaken out (pinia's devtools
 * helpers), does not ship.
 */
export function shippedModuleIds(modules: Iterable<BuiltModule>): string[] {
  const ids = new Set<string>();
  for (const module of modules) {
    if (module.renderedLength > 0) ids.add(module.id);
    if (packageFolderOf(module.id) === null) {
      for (const imported of module.imports) ids.add(imported);
    }
  }
  return [...ids];
}

/**
 * Every build of one `electron-vite build` run adds to its target's list, by
 * the list's path: the renderer's workers are builds of their own, as is each
 * isolated preload. The first write of a run replaces the list a previous run
 * left. (A long-running `--watch` keeps a removed package listed until it is
 * restarted: one too many is harmless to an audit.)
 */
const collected = new Map<string, Map<string, ShippedPackage>>();

/**
 * Writes the list of packages whose code is in this target's bundles (see
 * {@link shippedModuleIds}). The list lies outside the target's folder, so
 * the web host never serves it.
 */
export function shippedPackages(target: 'main' | 'preload' | 'renderer'): Plugin {
  // From the resolved config, not the output options: a worker's build writes nothing itself.
  let path = '';
  return {
    name: 'kennel-shipped-packages',
    apply: 'build',
    configResolved(config) {
      path = shippedListPath(resolve(config.root, config.build.outDir), target);
    },
    generateBundle(_options, bundle) {
      const rendered = new Map<string, number>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          rendered.set(id, Math.max(rendered.get(id) ?? 0, module.renderedLength));
        }
      }
      const modules: BuiltModule[] = [];
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        modules.push({
          id,
          renderedLength: rendered.get(id) ?? 0,
          imports: [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])],
        });
      }
      const list = collected.get(path) ?? new Map<string, ShippedPackage>();
      collected.set(path, list);
      for (const shipped of packagesOfModules(shippedModuleIds(modules), readManifest)) {
        list.set(shipped.location, shipped);
      }
      const all = [...list.values()].sort((a, b) => a.location.localeCompare(b.location));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, `${JSON.stringify(all, null, 2)}\n`);
    },
  };
}

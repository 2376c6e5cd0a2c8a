import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Imports a renderer module (`src/...`) at run time. The benchmark typechecks
 * with the Node project, which has no DOM library; importing renderer code
 * statically would drag it into that project. What the benchmark relies on is
 * described by `T` and checked here, so a renamed export fails with a clear
 * message rather than a `TypeError` halfway through a run.
 */
export async function loadRendererModule<T extends object>(
  path: string,
  functions: readonly (keyof T & string)[],
): Promise<T> {
  const url = pathToFileURL(resolve(path)).href;
  let mod: Record<string, unknown>;
  try {
    mod = (await import(url)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(
      `cannot load ${path}: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  const missing = functions.filter((name) => typeof mod[name] !== 'function');
  if (missing.length > 0) {
    throw new Error(`${path} does not export ${missing.join(', ')}`);
  }
  return mod as T;
}

/**
 * How the site loads a published data file and its built-in copy (src/shared/collections/
 * data-files.ts), shared by the treatment loaders (load.ts) and the treatments' texts
 * (treatment-texts.ts).
 */
import { fulfilled, memoLoader, type Tracked } from "../tracked";

/** A data file that answered with something other than data. */
export class LoadError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** The data at `path`, or undefined when there is none (404); throws when it cannot be loaded. */
export async function fetchJson<T>(path: string): Promise<T | undefined> {
  let response: Response;
  try {
    response = await fetch(`/${path}`, { headers: { Accept: "application/json" } });
  } catch (error) {
    throw new LoadError(path, `GET /${path} failed: ${(error as Error)?.message ?? error}`);
  }
  if (response.status === 404) return undefined;
  if (!response.ok) throw new LoadError(path, `GET /${path} answered ${response.status}`);
  try {
    return (await response.json()) as T;
  } catch {
    throw new LoadError(path, `GET /${path} answered something other than JSON`);
  }
}

/** Loads a built-in copy's module; replaceable for tests, which have no server for it. */
let builtInImporter = (path: string): Promise<unknown> =>
  import(/* @vite-ignore */ `/${path}`).then((module: { default: unknown }) => module.default);

/** A built-in copy's value. */
export const importBuiltIn = (path: string): Promise<unknown> => builtInImporter(path);

/** Where built-in copies are loaded from (tests read them from the config). */
export function setBuiltInLoader(load: (path: string) => Promise<unknown>) {
  builtInImporter = load;
}

/** A memoised loader whose answers can also be given in advance (what a page carries). */
export function cachedLoader<T>(load: (key: string) => Promise<T>) {
  const cache = new Map<string, Tracked<T>>();
  return Object.assign(memoLoader(load, cache), {
    seed: (key: string, value: T) => void cache.set(key, fulfilled(value)),
    has: (key: string) => cache.has(key),
    clear: () => cache.clear(),
  });
}

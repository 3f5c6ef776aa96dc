/**
 * The chunks and styles a page's route loads before hydrating (its `modules`, with the chunks
 * they import), from Vite's build manifest, so the document can name them up front: the scripts
 * in a list the entry fetches after the first paint, the styles as stylesheets (a block's styles
 * must be there at first paint, or the page shifts when they arrive). The entry chunk and its
 * styles are in the template already, so they are left out: today every stylesheet joins the
 * entry's (src/build/vite/chunk-groups.ts), and a page links none of its own.
 */

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * A block's module (src/site/blocks/{type}/index.tsx). A block loads its code on demand and no
 * later than its page hydrates, so what it imports dynamically it awaits before it renders (the
 * doctor search's panel and data): those chunks belong to the page as much as the block's own.
 * (Code a block loads only on a visitor's action lives outside its chunk, as the lead form does.)
 */
const blockModule = /^src\/site\/blocks\/[^/]+\/index\.tsx$/;

export type Manifest = Record<string, ManifestChunk>;

export interface RouteAssets {
  scripts: string[];
  styles: string[];
}

function closure(manifest: Manifest, keys: string[]) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) {
    // A module a page names that the build does not know would leave the page without its code
    // or styles (a renamed file, say): refuse to prerender rather than ship it half-linked.
    if (!manifest[key]) throw new Error(`The build manifest has no chunk for ${key}; was it moved or renamed?`);
    visit(key);
    if (blockModule.test(key)) for (const awaited of manifest[key].dynamicImports ?? []) visit(awaited);
  }
  return { scripts, styles };
}

/** A lookup of route assets by module list; pages with the same modules share one answer. */
export function routeAssets(manifest: Manifest): (modules: string[]) => RouteAssets {
  const entry = closure(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key].isEntry),
  );
  const cache = new Map<string, RouteAssets>();
  return (modules) => {
    const key = modules.join("\n");
    let assets = cache.get(key);
    if (!assets) {
      const route = closure(manifest, modules);
      assets = {
        scripts: [...route.scripts].filter((file) => !entry.scripts.has(file)),
        styles: [...route.styles].filter((file) => !entry.styles.has(file)),
      };
      cache.set(key, assets);
    }
    return assets;
  };
}

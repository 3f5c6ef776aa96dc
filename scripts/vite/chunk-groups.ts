/**
 * Fewer, larger chunks for the first load. Left to itself the bundler gives every module that the
 * entry and a code-split chunk both import a small chunk of its own (so the code-split chunk need
 * not import the entry): a treatment page asked for some 30 files, and on a phone's connection
 * each request costs a round trip before first paint. Here:
 *
 * - everything the entry imports (React, the router, the layout, the shared UI) is one chunk;
 * - a treatment page's route (its page code, presentation configs and treatment blocks) is one.
 *
 * Other pages' blocks stay one chunk per block, so a page loads only the blocks it shows.
 */
import type { Plugin } from "vite";

/** A treatment page's own modules, loaded together with its route. */
const treatmentRoute =
  /[\\/]src[\\/](routes[\\/]TreatmentPage|blocks[\\/]treatment-|collections[\\/](resolve|treatment-context|use-collection)|config[\\/]presentations|ui[\\/]Accordion)/;

export function chunkGroups() {
  // The modules the entry imports, directly or through others (not through import()); the entry
  // module itself stays the entry chunk, which the build manifest and index.html name.
  const entryModules = new Set<string>();
  const entries = new Set<string>();
  const plugin: Plugin = {
    name: "chunk-groups",
    apply: "build",
    buildEnd() {
      const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      for (const id of pending) {
        entries.add(id);
        // index.html's entry is its module script (src/main.tsx).
        if (id.endsWith(".html")) for (const script of this.getModuleInfo(id)?.importedIds ?? []) entries.add(script);
      }
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (entryModules.has(id)) continue;
        entryModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  const groups = [
    {
      name: "app",
      // The bundler's runtime helpers too, rather than a chunk of their own.
      test: (id: string) => (entryModules.has(id) && !entries.has(id)) || id.includes("rolldown/runtime"),
      priority: 2,
    },
    { name: "treatment-page", test: treatmentRoute, priority: 1 },
  ];
  return { plugin, groups };
}

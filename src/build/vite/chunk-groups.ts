/**
 * Fewer, larger chunks. Left to itself the bundler gives every module that two chunks share a
 * small chunk of its own: a treatment page asked for some 30 files, and on a phone's connection
 * each request costs a round trip. Here:
 *
 * - everything the app imports (the router, the layout) is one chunk, which the page's small
 *   entry loads once the page is on screen (src/site/main.tsx), and React one beside it;
 * - a treatment page's route (its page code, presentation configs and treatment blocks) is one;
 * - every stylesheet (the app's, the shared UI's, every block's) joins the entry's (the site's
 *   base styles) in one, which every page's HTML links: the base styles come first whatever
 *   order the bundler gives the modules, so a component's rule beats a base rule of the same
 *   specificity. One file for the whole site (41 KB, 8.2 KB gzip) rather than the base styles
 *   and one per block the page shows: the first paint waits for every stylesheet the head links,
 *   and on a phone's connection each costs a round trip and, past six, a connection of its own
 *   (the Telugu home page linked ten; Lighthouse's mobile LCP 1.9-2.1 s -> 1.6 s, one after the
 *   other on one machine). The next page needs no stylesheet at all.
 *
 * Other pages' blocks stay one chunk per block, so a page loads the code of the blocks it shows
 * and no others.
 */
import path from "node:path";
import type { Plugin } from "vite";
import { blockWordSections } from "../../shared/i18n/interface-sections.ts";

/** A treatment page's own modules, loaded together with its route. */
const treatmentRoute =
  /[\\/]src[\\/]site[\\/](routes[\\/]TreatmentPage|blocks[\\/]treatment-|collections[\\/](resolve|treatment-context|use-collection)|config[\\/]presentations)/;

/**
 * Shared UI that treatment blocks and other blocks both use (texts, the accordion, dates and
 * numbers, translated lists, messages with links in them, the doctors' loader the review line
 * and the doctor search share). It goes with the app: left to the bundler it would join the
 * treatment page's chunk, which the home page and the doctors' page would then load (6.6 KB
 * gzip), with the treatment blocks' styles.
 */
const sharedByAllBlocks =
  /[\\/]src[\\/]site[\\/](ui[\\/](text|Accordion)\.tsx|ui[\\/]formatting\.ts|i18n[\\/](lists\.ts|message\.tsx)|blocks[\\/]doctor-search[\\/]doctors\.ts)$/;

/**
 * The translation runtime (src/site/i18n/translation-runtime.ts and what it gathers): one chunk,
 * which a page in another language loads and a page in the default language never does. Left to
 * the bundler it would join the treatment page's chunk, one of the places that import it.
 */
const translationRuntime =
  /[\\/]src[\\/](site[\\/]i18n[\\/](translation-runtime|translations|translated-layout|list-files)\.ts|shared[\\/]i18n[\\/](keys|texts)\.ts)$/;

/**
 * The interface words blocks show (src/site/config/block-words.ts and src/site/i18n/block-words.ts,
 * with the words and parsed messages they pick from interface.json): one chunk, not the three
 * the bundler would make of them.
 */
const blockWords = new RegExp(
  `[\\\\/]src[\\\\/]site[\\\\/](config|i18n)[\\\\/]block-words\\.ts$|^\\0config-meta:(pick|asts)=${blockWordSections.join(",")}:`,
);

/**
 * React, React DOM and their scheduler: a chunk of their own, which the app and the blocks import.
 * It changes only when React does (or the site starts using another of its functions), so a
 * visitor who comes back after a change to the site's code fetches the app's chunk again (24 KB
 * gzip) and keeps React's (68 KB) from the last visit. Apart,
 * each compresses better than the two together: a page's first-load JavaScript is 280-380 bytes
 * smaller (gzip), with one more request, made after the first paint.
 */
const reactRuntime = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

const stylesheet = /\.css$/;
const layoutTranslation =
  /[\\/]site-config[\\/]i18n[\\/]([a-z]{2,3})[\\/](?:site|navigation|footer|branches|specialities|interface)\.json$/;

/**
 * `entry`: the page's entry module (src/site/main.tsx), whose own imports stay with it; `app`: the app's
 * module (src/site/start.tsx), whose static imports make the app chunk.
 */
export function chunkGroups(entry: string, app: string) {
  const appModules = new Set<string>();
  // What the entry itself imports stays with the entry (a few hundred bytes).
  const entryModules = new Set<string>();
  const closure = (from: string[], into: Set<string>, getImports: (id: string) => readonly string[]) => {
    const pending = [...from];
    while (pending.length > 0) {
      const id = pending.pop() as string;
      if (into.has(id)) continue;
      into.add(id);
      pending.push(...getImports(id));
    }
  };
  const plugin: Plugin = {
    name: "chunk-groups",
    apply: "build",
    buildEnd() {
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const ids = [...this.getModuleIds()];
      closure(
        ids.filter((id) => path.resolve(id) === path.resolve(entry)),
        entryModules,
        imports,
      );
      closure(
        ids.filter((id) => path.resolve(id) === path.resolve(app)),
        appModules,
        imports,
      );
    },
  };
  const inApp = (id: string) => (appModules.has(id) || sharedByAllBlocks.test(id)) && !entryModules.has(id);
  const groups = [
    // What both the entry and the app use (the submit guard, the bundler's preload helper): a
    // chunk of its own, or the bundler would put it in the app chunk and the entry would load that.
    // With every stylesheet, which adds no code to it (see above).
    {
      name: "boot",
      test: (id: string) => (entryModules.has(id) && path.resolve(id) !== path.resolve(entry)) || stylesheet.test(id),
      priority: 3,
    },
    { name: "react", test: reactRuntime, priority: 3 },
    { name: "app", test: inApp, priority: 2 },
    // A language's translations of what every page shows (header, footer, interface words): one
    // chunk per language, which only that language's pages load.
    {
      name: (id: string) => `layout-${layoutTranslation.exec(id)?.[1]}`,
      debugName: "layout translations",
      test: layoutTranslation,
      priority: 2,
    },
    { name: "translations", test: translationRuntime, priority: 2 },
    { name: "block-words", test: blockWords, priority: 2 },
    { name: "treatment-page", test: treatmentRoute, priority: 1 },
  ];
  return { plugin, groups };
}

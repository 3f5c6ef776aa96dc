/**
 * Where the thing a missing reference most likely meant is defined: the closest treatment slug
 * of the collection, or the page whose route is closest. The folding of follow-on errors
 * (fold.ts) puts several references to one missing thing under that definition.
 */
import type { Checked } from "./check-file";
import type { Definition } from "./fold";
import { routeKey, type SiteModel } from "./site-model";
import { closest } from "./suggest";

/** The definition a missing key ("slug:<data file>:<slug>", "route:<route>") most likely meant. */
export function definitionOf(missing: string, model: SiteModel, routes: ReadonlySet<string>): Definition | undefined {
  if (missing.startsWith("slug:")) {
    const [, dataFile, slug] = missing.split(":");
    const collection = model.collections.get(dataFile);
    const slugs = model.collectionSlugs.get(dataFile) ?? [];
    const best = closest(slug, slugs);
    const treatment = best ? collection?.treatments.find((t) => t.slug === best) : undefined;
    if (!collection || !best || !treatment) return undefined;
    return {
      file: treatment.file,
      pointer: `${treatment.at}/slug`,
      what: "treatment slug",
      value: best,
      missing: slug,
    };
  }
  if (missing.startsWith("route:")) {
    const route = missing.slice("route:".length);
    const best = closest(route, routes);
    const page = best ? model.pages.find((p) => p.route === best) : undefined;
    if (!best || !page) return undefined;
    return { file: page.file, pointer: "/route", what: "route", value: best, missing: route };
  }
  return undefined;
}

/**
 * Whether anything in another file refers to a definition's value as it is: a route or a link to
 * it, or a slug (as itself, or as the last part of a route). Such a definition was not renamed.
 * (Its own file does not count: a treatment's own page path names its slug.)
 */
export function referencedValues(
  files: readonly Checked[] | (() => readonly Checked[]),
): (definition: Definition) => boolean {
  // Gathered on the first question only: most runs fold nothing and never ask.
  let users: Map<string, Set<string>> | undefined;
  return (definition) => {
    users ??= usersOf(typeof files === "function" ? files() : files);
    return [...(users.get(definition.value) ?? [])].some((file) => file !== definition.file);
  };
}

function usersOf(files: readonly Checked[]): Map<string, Set<string>> {
  const users = new Map<string, Set<string>>();
  const use = (value: string, file: string) => {
    const known = users.get(value);
    if (known) known.add(file);
    else users.set(value, new Set([file]));
  };
  for (const { refs, file } of files)
    for (const ref of refs) {
      use(ref.value, file);
      if (ref.kind === "route" || ref.kind === "text-link") {
        const route = routeKey(ref.value);
        use(route, file);
        use(route.slice(route.lastIndexOf("/") + 1), file);
      }
    }
  return users;
}

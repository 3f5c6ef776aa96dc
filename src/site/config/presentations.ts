/**
 * Treatment collections' presentation configs (site-config/collections/*.presentation.json). The
 * route table knows only their routes (`?meta`); the treatment page's chunk and the blocks that
 * list treatments import the whole configs.
 */
import type { CollectionPresentation } from "../../shared/generated/presentation";

const presentationModules = import.meta.glob<CollectionPresentation>(
  "../../../site-config/collections/*.presentation.json",
  { eager: true, import: "default" },
);

/** Presentation configs by file, such as 'site-config/collections/cardiology.presentation.json'. */
export const presentationFiles: Record<string, CollectionPresentation> = Object.fromEntries(
  Object.entries(presentationModules).map(([module, p]) => [
    `site-config/collections/${module.slice(module.lastIndexOf("/") + 1)}`,
    p,
  ]),
);

/** Presentation configs by collection id. */
export const presentations: Record<string, CollectionPresentation> = Object.fromEntries(
  Object.values(presentationModules).map((p) => [p.id, p]),
);

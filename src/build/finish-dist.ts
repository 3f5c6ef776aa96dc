/**
 * dist/ after the jobs: the outputs of jobs that no longer exist go, and the cards no page shows;
 * the whole collection files are written (made of the treatments' data files the jobs wrote); a
 * full build removes whatever it did not write (dist/ listed while the pages were made). Returns
 * what the build state keeps of them.
 */
import path from "node:path";
import type { BuildState } from "./build-state";
import type { CatalogEntry } from "./catalog";
import { removeJobOutputs, removeListedBut, removeUnshownCards, type Tree } from "./clean-up";
import { type KeptPageCards, pageCardsAfter, shownCards } from "./page-cards";
import type { Plan } from "./plan/plan";
import type { JobResult } from "./prerender/jobs";
import { notFoundPage } from "./prerender/prerender";
import { siteCardFile } from "./social/cards";
import { type WholeLayout, writeWholes } from "./whole-file";

export interface FinishInput {
  distDir: string;
  full: boolean;
  before: BuildState | undefined;
  plan: Plan;
  result: JobResult;
  entries: Record<string, CatalogEntry>;
  /** Files the client build and the image step wrote (a full build keeps these and its own). */
  madeByVite: readonly string[];
  /** dist/ as a full build listed it while its pages were made. */
  distListed?: Tree;
}

/** Finishes dist/, adding to `written` and `removed` (relative to dist/) what it wrote and removed. */
export function finishDist(
  input: FinishInput,
  written: string[],
  removed: string[],
): { pageCards: KeptPageCards; wholes: Record<string, WholeLayout> } {
  const { distDir, full, before, plan } = input;
  // Each page's social card: the pages made again name theirs, the others keep the last build's.
  const gonePages = plan.removed.flatMap((key) => (key.kind === "page" ? [key.path] : []));
  const { kept: pageCards, dropped } = pageCardsAfter(
    gonePages,
    full ? undefined : before?.pageCards,
    input.result.pageCards,
  );
  // A card no page shows any more (its page's title changed, or the page is gone) goes, as a full
  // build's clean-up removes it.
  if (!full && before?.pageCards && dropped) removed.push(...removeUnshownCards(distDir, shownCards(pageCards)));
  // Outputs of jobs that no longer exist (a treatment removed, a list page fewer).
  removed.push(...removeJobOutputs(distDir, plan.removed));

  // The whole collection, the spec's data file, made of the treatments' data files.
  const wholes = writeWholes(distDir, input.entries, plan.stale, !full, before?.wholes);
  written.push(...wholes.written);

  if (input.distListed) {
    const kept = new Set(
      [...input.madeByVite, ...written, "shell.html", notFoundPage, siteCardFile].map((f) => path.normalize(f)),
    );
    removed.push(...removeListedBut(distDir, input.distListed, kept));
  }
  return { pageCards, wholes: wholes.layouts };
}

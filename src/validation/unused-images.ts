/**
 * Pictures under public/images/ that no config file names: published and made into smaller
 * copies by the build for nothing, and often a sign of a picture chosen in one field and then
 * replaced. Only a run that validated every file of the site knows every use, so a run over some
 * files says nothing; neither does a run where a file could not be read or breaks its schema (a
 * value under a schema error is not collected, so its uses are unknown).
 */
import path from "node:path";
import * as say from "./catalogue";
import type { Checked } from "./check-file";
import type { Problem } from "./problem";
import type { ReferenceContext } from "./references";

/** A warning for each picture no file uses, at the picture's own file. */
export function unusedImageProblems(checked: readonly Checked[], context: ReferenceContext): Problem[] {
  const sitePrefix = context.siteRoot + path.sep;
  const siteFiles: Checked[] = [];
  for (const r of checked) {
    if (!r.file.startsWith(sitePrefix)) continue;
    // Known as soon as one file says so (a run over a few files of 10,000: its first).
    if (!r.validate || r.fact?.kind === "unread" || r.skip.length > 0) return [];
    siteFiles.push(r);
  }
  const used = new Set<string>();
  for (const result of siteFiles)
    for (const ref of result.refs)
      if (ref.kind === "image" || ref.kind === "text-link") used.add(ref.value.replace(/[?#].*$/, ""));
  const entry = say.UnusedImage;
  return context
    .imagePaths()
    .filter((src) => !used.has(src))
    .map((src) => ({
      file: context.display(path.join(context.publicDir, src)),
      line: 1,
      column: 1,
      pointer: "",
      name: entry.name,
      severity: entry.severity,
      message: entry.message(src),
      hint: entry.hint ?? null,
    }));
}

/**
 * A page that fails to build names itself and what it is made of: its address, the file (and the
 * JSON pointer in it) its content comes from, and what went wrong, never a bare stack. The
 * validator should have refused whatever got here ("what validates builds"), so the message says
 * so too.
 */
import path from "node:path";
import type { PageSpec } from "./manifest";

/** What a page's source is looked up in: the build's job catalog (jobs.ts), the parts read here. */
export interface SourceCatalog {
  sources: Record<string, Record<string, { file: string; index?: number }>>;
  translations: Record<string, Record<string, Record<string, { file: string }>>>;
}

/** Set as an error's `name`: it survives the trip from a build worker to the main thread. */
export const pageBuildErrorName = "PageBuildError";

const shown = (file: string) => path.relative(process.cwd(), file) || file;

/** Where a page's content is: its file and pointer, and its texts in another language. */
export function pageSource(spec: PageSpec, catalog: SourceCatalog): string {
  if (spec.kind === "page") return `${spec.file} at /`;
  const item = catalog.sources[spec.dataFile]?.[spec.slug];
  const where = item
    ? `${shown(item.file)} at ${item.index === undefined ? "/" : `/sub_departments/${item.index}`}`
    : `${spec.dataFile} (treatment '${spec.slug}')`;
  const texts = catalog.translations[spec.dataFile]?.[spec.lang]?.[spec.slug];
  return texts ? `${where}, with its '${spec.lang}' texts in ${shown(texts.file)}` : where;
}

/** The error a failed page is reported with. */
export function pageBuildError(spec: PageSpec, catalog: SourceCatalog, cause: unknown): Error {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const error = new Error(
    `The page ${spec.path} could not be built from ${pageSource(spec, catalog)}: ${reason.replace(/\.?$/, ".")} ` +
      "Run npm run validate: it should name what is wrong there; if it finds nothing, the build has a bug, so report this message.",
    { cause },
  );
  error.name = pageBuildErrorName;
  return error;
}

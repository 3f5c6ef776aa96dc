/**
 * Lets the real header, footer, forms and branch pages show a draft that is not saved yet.
 *
 * The layout reads its config from src/site/config/site-config.ts's module constants, not from props
 * or context, so the preview frame (a page of its own: nothing here touches the editor or the
 * site) writes the draft into those very objects, in place, and re-renders. Every other file's
 * objects are put back as they were loaded first. This is the interim until the layout reads its
 * config through a context (see docs/editor.md, "Live preview of the header and footer"); then
 * the preview provides the draft through that context instead and this file goes.
 */
import { contentConfig as content, formsConfig, presentationsConfig, siteConfig } from "../../site";
import type { FileKind } from "../shared/config-files";

type Data = Record<string, unknown>;

/** The config modules' exports, by name (the same objects the site's components read). */
const config = { ...siteConfig, ...formsConfig, ...presentationsConfig, ...content };

/** Replaces an object's or array's contents, keeping its identity (components hold references). */
function replaceContents(target: unknown, source: unknown) {
  if (Array.isArray(target) && Array.isArray(source)) {
    target.splice(0, target.length, ...structuredClone(source));
  } else if (target && typeof target === "object" && source && typeof source === "object") {
    const record = target as Data;
    for (const key of Object.keys(record)) delete record[key];
    Object.assign(record, structuredClone(source));
  }
}

/** The live objects a file kind feeds, and how its document maps onto them. */
function targets(kind: FileKind, schema: string, doc: Data, path: string): [unknown, unknown][] {
  const exports = config as unknown as Data;
  switch (kind) {
    case "site":
      return [[config.site, doc]];
    case "navigation":
      return [[config.navigation, doc]];
    case "footer":
      return [[config.footer, doc]];
    case "branches":
      return [[config.branches, doc.branches]];
    case "specialities":
      return [[config.specialities, doc.specialities]];
    case "form": {
      const id = path.slice(path.lastIndexOf("/") + 1).replace(/\.json$/, "");
      return config.forms[id] ? [[config.forms[id], doc]] : [];
    }
    case "presentation": {
      const id = typeof doc.id === "string" ? doc.id : "";
      return config.presentations[id] ? [[config.presentations[id], doc]] : [];
    }
    default: {
      // Lists the site bundles (blog posts, health packages): the file's one list, into its exports.
      const list = Object.values(doc).find((value) => Array.isArray(value));
      const exported = (listExports[schema] ?? []).map((name) => exports[name]).filter(Array.isArray);
      return list ? exported.map((target): [unknown, unknown] => [target, list]) : [];
    }
  }
}

/** Files of other kinds whose list src/site/config/content.ts exports, by schema (blog cards show posts too). */
const listExports: Record<string, string[]> = {
  "blog-posts.schema.json": ["blogPosts", "blogCards"],
  "packages.schema.json": ["healthPackages"],
};

const pristine = new Map<unknown, unknown>();
const touched = new Set<unknown>();

/** Shows `doc` (the draft of the file at `path`) through the live config; undoes any earlier draft. */
export function applyDraft(kind: FileKind, schema: string, doc: Data, path: string) {
  for (const target of touched) replaceContents(target, pristine.get(target));
  touched.clear();
  for (const [target, draft] of targets(kind, schema, doc, path)) {
    if (!pristine.has(target)) pristine.set(target, structuredClone(target));
    replaceContents(target, draft);
    touched.add(target);
  }
}

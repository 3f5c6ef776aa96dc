/**
 * What each config file is, in the words of the people who edit it: "Navigation", "Cardiology
 * treatments", "/contact-us", "Book an Appointment form". The kind comes from the file's
 * "$schema", so a new file of a known kind is listed without any change here.
 */
import { schemaPathFromRef, schemaTitle } from "./schemas";

export type FileKind =
  | "site"
  | "navigation"
  | "footer"
  | "branches"
  | "specialities"
  | "page"
  | "form"
  | "collection"
  | "presentation"
  | "treatment"
  | "other";

export type FileGroup = "Site" | "Pages" | "Forms" | "Treatments" | "More";

/** A config file as the editor lists it. */
export interface ConfigFileInfo {
  /** Path from the project root, with forward slashes: "site-config/pages/home.json". */
  path: string;
  /** Path under schemas/ of the file's schema: "page.schema.json". */
  schema: string;
  kind: FileKind;
  group: FileGroup;
  label: string;
  /** A second line: a page's title, a form's id, how many treatments. */
  detail?: string;
  /** A treatment collection's storage and size (the server counts a folder's files). */
  collection?: { storage: "file" | "folder"; count: number };
  /** A file that is not valid JSON: the validator's words and place, so it can be mended as text. */
  broken?: { line: number; column: number; message: string };
}

const kinds: Record<string, FileKind> = {
  "site.schema.json": "site",
  "navigation.schema.json": "navigation",
  "footer.schema.json": "footer",
  "branches.schema.json": "branches",
  "specialities.schema.json": "specialities",
  "page.schema.json": "page",
  "form.schema.json": "form",
  "collection.schema.json": "collection",
  "collection-settings.schema.json": "collection",
  "treatment-page.schema.json": "treatment",
  "presentation.schema.json": "presentation",
};

const groups: Record<FileKind, FileGroup> = {
  site: "Site",
  navigation: "Site",
  footer: "Site",
  branches: "Site",
  specialities: "Site",
  page: "Pages",
  form: "Forms",
  collection: "Treatments",
  presentation: "Treatments",
  treatment: "Treatments",
  other: "More",
};

/** The order groups are listed in, and files within the Site group. */
export const groupOrder: FileGroup[] = ["Site", "Pages", "Forms", "Treatments", "More"];
const siteOrder: FileKind[] = ["site", "navigation", "footer", "branches", "specialities"];

type Data = Record<string, unknown>;

const str = (value: unknown) => (typeof value === "string" ? value : undefined);

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).replace(/\.json$/, "");
}

/** Describes a config file from its path and parsed content; undefined when it names no known schema. */
export function describeFile(path: string, data: unknown): ConfigFileInfo | undefined {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return undefined;
  const doc = data as Data;
  const schema = schemaPathFromRef(doc.$schema);
  if (!schema) return undefined;
  const kind = kinds[schema] ?? "other";
  const base = { path, schema, kind, group: groups[kind] };
  const name = baseName(path);
  switch (kind) {
    case "site":
      return { ...base, label: "Site settings", detail: "Name, logo, contact numbers, timings" };
    case "navigation":
      return { ...base, label: "Navigation", detail: "Header menu, top bar, side buttons" };
    case "footer":
      return { ...base, label: "Footer", detail: "Footer columns and links" };
    case "branches":
      return { ...base, label: "Branches", detail: `${count(doc.branches)} branches` };
    case "specialities":
      return { ...base, label: "Specialities", detail: `${count(doc.specialities)} specialities` };
    case "page": {
      const meta = doc.meta as Data | undefined;
      return { ...base, label: str(doc.route) ?? name, detail: str(meta?.title) };
    }
    case "form":
      return {
        ...base,
        label: str(doc.name) ?? `${str(doc.title) ?? capitalise(name)} form`,
        detail: `form id '${str(doc.id) ?? name}'`,
      };
    case "collection": {
      // A folder's settings file is named _collection.json: the collection is named after its folder.
      const stem = name === "_collection" ? baseName(path.slice(0, path.lastIndexOf("/"))) : name;
      const pages = count(doc.sub_departments);
      return {
        ...base,
        label: `${str(doc.speciality) ?? capitalise(stem)} treatments`,
        detail: treatmentCount(pages),
        collection: { storage: name === "_collection" ? "folder" : "file", count: pages },
      };
    }
    case "treatment":
      return { ...base, label: str(doc.name) ?? name, detail: str(doc.slug) ?? name };
    case "presentation":
      return {
        ...base,
        label: `${capitalise(str(doc.id) ?? name)} treatment page layout`,
        detail: str(doc.route),
      };
    default:
      return { ...base, label: schemaTitle(schema) ?? capitalise(name.replace(/-/g, " ")), detail: path };
  }
}

/** "1 treatment page", "10,000 treatment pages". */
export function treatmentCount(pages: number): string {
  return `${pages.toLocaleString("en")} treatment page${pages === 1 ? "" : "s"}`;
}

function count(list: unknown): number {
  return Array.isArray(list) ? list.length : 0;
}

/** Sorts files the way the sidebar shows them: by group, the site files in a fixed order, then by label. */
export function compareFiles(a: ConfigFileInfo, b: ConfigFileInfo): number {
  const group = groupOrder.indexOf(a.group) - groupOrder.indexOf(b.group);
  if (group !== 0) return group;
  if (a.group === "Site") return siteOrder.indexOf(a.kind) - siteOrder.indexOf(b.kind);
  if (a.kind !== b.kind) return a.kind === "collection" ? -1 : 1;
  if (a.kind === "page") return pageRank(a) - pageRank(b) || a.label.localeCompare(b.label);
  return a.label.localeCompare(b.label);
}

function pageRank(file: ConfigFileInfo): number {
  return file.label === "/home" ? 0 : 1;
}

/**
 * The files with labels that tell them apart: where two share a label (two forms titled "Book an
 * Appointment" with no name of their own), each gets its second line in brackets.
 */
export function distinctLabels(files: readonly ConfigFileInfo[]): ConfigFileInfo[] {
  const counts = new Map<string, number>();
  for (const f of files) counts.set(f.label, (counts.get(f.label) ?? 0) + 1);
  return files.map((f) => ((counts.get(f.label) ?? 0) > 1 ? { ...f, label: `${f.label} (${f.detail ?? f.path})` } : f));
}

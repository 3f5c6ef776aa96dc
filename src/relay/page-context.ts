/**
 * The page a lead came from, as the site's own config describes it (issue 17): the lead's
 * department and description name a treatment or speciality the site publishes, never what the
 * browser wrote.
 *
 * The browser says where it is (its page path, or the treatment's name or slug, and the page's
 * speciality or department); that is only a key. The relay looks it up in what it trusts:
 *
 * - the treatment collections: each `site-config/collections/*.presentation.json` (route, data
 *   file, default department), and the treatments of its data file as the build publishes it,
 *   `dist/assets/data/{dataFile}`, or, with no build, `site-config/collections/{dataFile}` (a
 *   file, or a folder of that name holding a file per treatment);
 * - the specialities: `site-config/specialities.json`.
 *
 * A treatment found gives its name (spec 7: mx_Department is the treatment's name, Description
 * "Appointment request for {name} Treatment"). A treatment page the relay does not know gives its
 * collection's default department ('Cardiology', 'Orthopedics'). A speciality or department is
 * kept only when it is one the site has. Anything else is dropped.
 *
 * Files are read when a lead needs them and kept until their modification time or size changes,
 * so a publish is seen at the next lead without a restart.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { LeadContext } from "../shared/leads/lead";
import type { Logger } from "./logger";

/** Where the relay finds what it trusts. */
export interface PageContextSources {
  /** The built site; its assets/data/ holds the published treatment data. */
  distDir: string;
  /** site-config/ of this checkout. */
  configDir: string;
  log: Logger;
}

/** The site's language codes from site.json, the default first ('en' alone when none are listed). */
function languageCodes(data: unknown): string[] {
  const list = isRecord(data) && Array.isArray(data.languages) ? data.languages : [];
  const codes = list.flatMap((l) => (isRecord(l) && typeof l.code === "string" ? [l.code] : []));
  return codes.length > 0 ? codes : ["en"];
}

/** One treatment as the site publishes it. */
interface Treatment {
  slug: string;
  name: string;
}

/** A collection's treatments, looked up by slug and by name (see `key`). */
interface Treatments {
  speciality?: string;
  bySlug: Map<string, Treatment>;
  byName: Map<string, Treatment>;
}

/** One treatment collection: its pages' route and what its leads fall back to. */
interface Collection {
  route: RegExp;
  speciality: string;
  defaultDepartment: string;
  treatments: Treatments;
}

/**
 * Reads JSON files and what is made of them, keeping each until the file's modification time or
 * size changes: a lead costs a stat per file, and a file is read and indexed once per version.
 */
class JsonFiles {
  private readonly cache = new Map<string, { mtimeMs: number; size: number; made: unknown }>();

  constructor(private readonly log: Logger) {}

  /** `make` of the file's data; undefined when the file is missing or not JSON (said once per version). */
  async read<T>(file: string, make: (data: unknown) => T): Promise<T | undefined> {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(file);
    } catch {
      this.cache.delete(file);
      return undefined;
    }
    const cached = this.cache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.made as T | undefined;
    let made: T | undefined;
    try {
      made = make(JSON.parse(await readFile(file, "utf8")));
    } catch (error) {
      this.log.warn({ file, err: String(error) }, "Cannot read a config file the lead relay trusts; ignoring it");
      made = undefined;
    }
    this.cache.set(file, { mtimeMs: info.mtimeMs, size: info.size, made });
    return made;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object";
const text = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);
/** How two names are compared: case, runs of spaces and surrounding spaces do not count. */
const key = (s: string) => s.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
const same = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && key(a) === key(b);

function routePattern(route: string): RegExp {
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(":slug", "([^/]+)");
  return new RegExp(`^${escaped}/?$`);
}

/** The treatments of a data file (or of one file of a collection's folder), indexed. */
function indexTreatments(data: unknown): Treatments {
  const list = isRecord(data) && Array.isArray(data.sub_departments) ? data.sub_departments : [data];
  const index: Treatments = {
    speciality: isRecord(data) ? text(data.speciality) : undefined,
    bySlug: new Map(),
    byName: new Map(),
  };
  for (const t of list) {
    const slug = isRecord(t) ? text(t.slug) : undefined;
    const name = isRecord(t) ? text(t.name) : undefined;
    if (!slug || !name) continue;
    if (!index.bySlug.has(slug)) index.bySlug.set(slug, { slug, name });
    if (!index.byName.has(key(name))) index.byName.set(key(name), { slug, name });
  }
  return index;
}

function merge(parts: Treatments[]): Treatments {
  const all: Treatments = { speciality: undefined, bySlug: new Map(), byName: new Map() };
  for (const part of parts) {
    all.speciality ??= part.speciality;
    for (const [k, t] of part.bySlug) if (!all.bySlug.has(k)) all.bySlug.set(k, t);
    for (const [k, t] of part.byName) if (!all.byName.has(k)) all.byName.set(k, t);
  }
  return all;
}

async function safeList(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

/** The path part of what the browser gave as its page: a path or a whole URL. */
function pagePath(page: string | undefined): string | undefined {
  if (!page) return undefined;
  try {
    return decodeURIComponent(new URL(page, "http://x").pathname);
  } catch {
    return undefined;
  }
}

/** Resolves the browser's say-so about its page to what the site's config says (see the module comment). */
export class PageContext {
  private readonly files: JsonFiles;

  constructor(private readonly sources: PageContextSources) {
    this.files = new JsonFiles(sources.log);
  }

  /** The treatments of one collection: as the build published them, else from site-config. */
  private async treatments(dataFile: string): Promise<Treatments> {
    const published = path.join(this.sources.distDir, "assets", "data", dataFile);
    const own = path.join(this.sources.configDir, "collections", dataFile);
    const whole = (await this.files.read(published, indexTreatments)) ?? (await this.files.read(own, indexTreatments));
    if (whole) return whole;
    // A collection kept as a folder of files, one per treatment (and perhaps one for the rest).
    const folder = own.replace(/\.json$/, "");
    const names = (await safeList(folder)).filter((f) => f.endsWith(".json"));
    const parts = await Promise.all(names.map((f) => this.files.read(path.join(folder, f), indexTreatments)));
    return merge(parts.filter((p): p is Treatments => p !== undefined));
  }

  private async collections(): Promise<Collection[]> {
    const dir = path.join(this.sources.configDir, "collections");
    const files = (await safeList(dir)).filter((f) => f.endsWith(".presentation.json"));
    const found = await Promise.all(
      files.map(async (f): Promise<Collection | undefined> => {
        const p = await this.files.read(path.join(dir, f), (data) => data);
        if (!isRecord(p)) return undefined;
        const [route, dataFile, defaultDepartment] = [text(p.route), text(p.dataFile), text(p.defaultDepartment)];
        if (!route || !dataFile || !defaultDepartment) return undefined;
        const treatments = await this.treatments(dataFile);
        return {
          route: routePattern(route),
          speciality: treatments.speciality ?? defaultDepartment,
          defaultDepartment,
          treatments,
        };
      }),
    );
    return found.filter((c): c is Collection => c !== undefined);
  }

  private async specialities(): Promise<string[]> {
    const file = path.join(this.sources.configDir, "specialities.json");
    const names = await this.files.read(file, (data) => {
      const list = isRecord(data) && Array.isArray(data.specialities) ? data.specialities : [];
      return list.flatMap((s) => {
        const name = isRecord(s) ? text(s.name) : undefined;
        return name ? [name] : [];
      });
    });
    return names ?? [];
  }

  /**
   * The context a lead is built with: only names the site's config holds. `claimed` is the
   * browser's (already bounded) context.
   */
  async resolve(claimed: LeadContext): Promise<LeadContext> {
    const [collections, specialities, languages] = await Promise.all([
      this.collections(),
      this.specialities(),
      this.files.read(path.join(this.sources.configDir, "site.json"), languageCodes),
    ]);
    const codes = languages ?? ["en"];
    let collection: Collection | undefined;
    let treatment: Treatment | undefined;
    // The page's language: its route prefix ('/te/...'), or the default language's (no prefix).
    const prefix = /^\/([a-z]{2,3})(?=\/|$)/.exec(pagePath(claimed.page) ?? "")?.[1];
    const language = prefix && codes.includes(prefix) && prefix !== codes[0] ? prefix : undefined;

    // 1. The page's path, when the browser gives it: a treatment page names its collection and slug
    // (a page in another language is the same page under the language's prefix).
    const path0 = pagePath(claimed.page);
    const where = language && path0 ? path0.slice(language.length + 1) : path0;
    if (where) {
      for (const c of collections) {
        const slug = c.route.exec(where)?.[1];
        if (slug === undefined) continue;
        collection = c;
        treatment = c.treatments.bySlug.get(slug);
        break;
      }
    }
    // 2. The page's speciality or department, when it is one of a collection's.
    collection ??= collections.find((c) =>
      [claimed.speciality, claimed.department].some((v) => same(v, c.speciality) || same(v, c.defaultDepartment)),
    );
    // 3. The treatment by its name or slug, in the page's collection when that is known.
    if (!treatment && claimed.treatment) {
      for (const c of collection ? [collection] : collections) {
        treatment = c.treatments.byName.get(key(claimed.treatment)) ?? c.treatments.bySlug.get(claimed.treatment);
        if (treatment) {
          collection = c;
          break;
        }
      }
    }

    const known = (v: string | undefined) =>
      v === undefined
        ? undefined
        : (specialities.find((s) => same(s, v)) ??
          collections.flatMap((c) => [c.speciality, c.defaultDepartment]).find((s) => same(s, v)));
    const context: LeadContext = {};
    const speciality = collection?.speciality ?? known(claimed.speciality);
    const department = treatment?.name ?? collection?.defaultDepartment ?? known(claimed.department);
    if (treatment) context.treatment = treatment.name;
    if (department) context.department = department;
    if (speciality) context.speciality = speciality;
    // The language the patient used: the one the browser says when the site has it, else the page's.
    context.language = claimed.language && codes.includes(claimed.language) ? claimed.language : (language ?? codes[0]);
    return context;
  }
}

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
import { readdirSync, readFileSync, statSync } from "node:fs";
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

/** One treatment as the site publishes it. */
interface Treatment {
  slug: string;
  name: string;
}

/** One treatment collection: its pages' route and what its leads fall back to. */
interface Collection {
  route: RegExp;
  speciality: string;
  defaultDepartment: string;
  treatments: Treatment[];
}

/** Reads JSON files, keeping each until its modification time or size changes. */
class JsonFiles {
  private readonly cache = new Map<string, { mtimeMs: number; size: number; data: unknown }>();

  constructor(private readonly log: Logger) {}

  /** The file's data; undefined when it is missing or not JSON (said once per version). */
  read(file: string): unknown {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(file);
    } catch {
      this.cache.delete(file);
      return undefined;
    }
    const cached = this.cache.get(file);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.data;
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      this.log.warn({ file, err: String(error) }, "Cannot read a config file the lead relay trusts; ignoring it");
      data = undefined;
    }
    this.cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, data });
    return data;
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

function treatmentsIn(data: unknown): Treatment[] {
  const list = isRecord(data) && Array.isArray(data.sub_departments) ? data.sub_departments : [data];
  return list.flatMap((t) => {
    const slug = isRecord(t) ? text(t.slug) : undefined;
    const name = isRecord(t) ? text(t.name) : undefined;
    return slug && name ? [{ slug, name }] : [];
  });
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
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

  /** The treatment data of one collection: published by the build, else from site-config. */
  private collectionData(dataFile: string): { speciality?: string; treatments: Treatment[] } {
    const published = this.files.read(path.join(this.sources.distDir, "assets", "data", dataFile));
    const own = path.join(this.sources.configDir, "collections", dataFile);
    const data = published ?? this.files.read(own);
    if (data !== undefined) {
      return { speciality: isRecord(data) ? text(data.speciality) : undefined, treatments: treatmentsIn(data) };
    }
    // A collection kept as a folder of files, one per treatment (and perhaps one for the rest).
    const folder = own.replace(/\.json$/, "");
    let speciality: string | undefined;
    const treatments: Treatment[] = [];
    for (const name of safeList(folder).filter((f) => f.endsWith(".json"))) {
      const part = this.files.read(path.join(folder, name));
      speciality ??= isRecord(part) ? text(part.speciality) : undefined;
      treatments.push(...treatmentsIn(part));
    }
    return { speciality, treatments };
  }

  private collections(): Collection[] {
    const dir = path.join(this.sources.configDir, "collections");
    return safeList(dir)
      .filter((f) => f.endsWith(".presentation.json"))
      .flatMap((f) => {
        const p = this.files.read(path.join(dir, f));
        if (!isRecord(p)) return [];
        const [route, dataFile, defaultDepartment] = [text(p.route), text(p.dataFile), text(p.defaultDepartment)];
        if (!route || !dataFile || !defaultDepartment) return [];
        const data = this.collectionData(dataFile);
        return [
          {
            route: routePattern(route),
            speciality: data.speciality ?? defaultDepartment,
            defaultDepartment,
            treatments: data.treatments,
          },
        ];
      });
  }

  private specialities(): string[] {
    const data = this.files.read(path.join(this.sources.configDir, "specialities.json"));
    const list = isRecord(data) && Array.isArray(data.specialities) ? data.specialities : [];
    return list.flatMap((s) => (isRecord(s) && text(s.name) ? [text(s.name) as string] : []));
  }

  /**
   * The context a lead is built with: only names the site's config holds. `claimed` is the
   * browser's (already bounded) context.
   */
  resolve(claimed: LeadContext): LeadContext {
    const collections = this.collections();
    let collection: Collection | undefined;
    let treatment: Treatment | undefined;

    // 1. The page's path, when the browser gives it: a treatment page names its collection and slug.
    const where = pagePath(claimed.page);
    if (where) {
      for (const c of collections) {
        const slug = c.route.exec(where)?.[1];
        if (slug === undefined) continue;
        collection = c;
        treatment = c.treatments.find((t) => t.slug === slug);
        break;
      }
    }
    // 2. The page's speciality or department, when it is one of a collection's.
    collection ??= collections.find((c) =>
      [claimed.speciality, claimed.department].some((v) => same(v, c.speciality) || same(v, c.defaultDepartment)),
    );
    // 3. The treatment by its name or slug, in the page's collection when that is known.
    if (!treatment && claimed.treatment) {
      const among = collection ? [collection] : collections;
      for (const c of among) {
        treatment = c.treatments.find((t) => same(t.name, claimed.treatment) || t.slug === claimed.treatment);
        if (treatment) {
          collection = c;
          break;
        }
      }
    }

    const specialities = this.specialities();
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
    return context;
  }
}

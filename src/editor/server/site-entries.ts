/**
 * Treatment pages inside a collection: one treatment of a collection kept in one file, opened,
 * checked and saved on its own (only its lines of the file change), and a copy of a treatment
 * made under a free slug, in a file or a folder collection.
 */
import type { Problem } from "../../validation";
import type {
  CheckRequest,
  CheckResponse,
  CollectionIndexResponse,
  DuplicateRequest,
  DuplicateResponse,
  EntrySaveRequest,
  FileResponse,
  RefusedResponse,
} from "../shared/api";
import { treatmentFilePath } from "../shared/collection-paths";
import type { ConfigFileInfo } from "../shared/config-files";
import { printJson } from "../shared/json-format";
import { copyOfItem } from "../shared/parts";
import { writeFileAtomic } from "./atomic-write";
import type { CheckResult } from "./check";
import { hashText, NotEditable } from "./config-store";
import { HttpError } from "./http-error";
import { type Answer, type OnWritten, refused, type SaveAnswer, type SiteApi } from "./site-api";
import { languagesOf, treatmentsUntranslated } from "./translations";

type Data = Record<string, unknown>;

/** One treatment of a collection file: the file, its data, and where the treatment is in it. */
async function readEntry(site: SiteApi, file: unknown, slug: unknown) {
  const place = site.index.place(file);
  if (place.storage !== "file")
    throw new HttpError(400, "This collection is a folder: open the treatment page's own file.");
  const stored = await site.store.read(place.collection);
  const doc = JSON.parse(stored.text) as Data;
  const list = Array.isArray(doc.sub_departments) ? (doc.sub_departments as Data[]) : [];
  const at = list.findIndex((item) => item?.slug === slug);
  if (at < 0) throw new NotEditable(`${place.collection} has no treatment page with the slug '${String(slug)}'.`);
  const item = list[at];
  const info: ConfigFileInfo = {
    path: place.collection,
    schema: "treatment-page.schema.json",
    kind: "treatment",
    group: "Treatments",
    label: typeof item.name === "string" ? item.name : String(slug),
    detail: String(slug),
  };
  return { stored, doc, list, at, info };
}

type Entry = Awaited<ReturnType<typeof readEntry>>;

const entryText = (item: unknown) => `${JSON.stringify(item, null, 2)}\n`;

/** The collection file's text with the treatment at `at` replaced: only its lines change. */
function withEntry(entry: Entry, data: unknown): string {
  if (data === null || typeof data !== "object" || Array.isArray(data))
    throw new HttpError(400, "The request's 'data' must be the treatment page, a JSON object.");
  const list = [...entry.list];
  list[entry.at] = data as Data;
  return printJson({ ...entry.doc, sub_departments: list }, entry.stored.text);
}

/** A check's problems as seen from one treatment: its own at its own fields. */
function forEntry(result: CheckResult, file: string, at: number): CheckResult {
  const prefix = `/sub_departments/${at}`;
  const rebase = (p: Problem): Problem =>
    p.file === file && (p.pointer === prefix || p.pointer.startsWith(`${prefix}/`))
      ? { ...p, pointer: p.pointer.slice(prefix.length) }
      : p;
  return { ...result, errors: result.errors.map(rebase), warnings: result.warnings.map(rebase) };
}

/** One treatment of a collection file, as the editor opens it. */
export async function openEntry(site: SiteApi, file: unknown, slug: unknown): Promise<FileResponse> {
  const entry = await readEntry(site, file, slug);
  return { info: entry.info, text: entryText(entry.list[entry.at]), hash: entry.stored.hash };
}

/** Checks a treatment of a collection file as changed, in the whole site. */
export async function checkEntry(site: SiteApi, body: CheckRequest): Promise<CheckResponse> {
  const entry = await readEntry(site, body.path, body.slug);
  const text = withEntry(entry, body.data);
  const result = forEntry(await site.check(entry.stored.absolute, text), entry.stored.info.path, entry.at);
  return { errors: result.errors, warnings: result.warnings };
}

/** Saves one treatment of a collection file: only its lines of the file change. */
export function saveEntry(site: SiteApi, body: EntrySaveRequest, written?: OnWritten): Promise<SaveAnswer> {
  return site.serialised(String(body?.path), async () => {
    const entry = await readEntry(site, body?.path, body?.slug);
    const { stored } = entry;
    if (stored.hash !== body.baseHash)
      return [
        409,
        {
          message: `${stored.info.path} was changed on disk after you opened this treatment page (by someone else, or another program). Nothing was saved. Reload it to see the new version, then make your change again.`,
          hash: stored.hash,
        },
      ];
    const text = withEntry(entry, body.data);
    if (text === stored.text) return [200, { text: entryText(entry.list[entry.at]), hash: stored.hash, warnings: [] }];
    const result = forEntry(await site.check(stored.absolute, text), stored.info.path, entry.at);
    if (result.errors.length > 0) return refused(result);
    await writeFileAtomic(stored.absolute, text, {
      beforeRename: async () => {
        if ((await site.store.read(stored.info.path)).hash !== stored.hash) throw new HttpError(409, "changed on disk");
      },
    });
    await result.adopt?.();
    site.wrote(stored.absolute);
    await written?.([{ path: stored.info.path, before: stored.text, after: text }]);
    const slug = (body.data as { slug?: unknown }).slug;
    const renamed = typeof slug === "string" && slug !== body.slug ? { slug } : {};
    return [200, { text: entryText(body.data), hash: hashText(text), warnings: result.warnings, ...renamed }];
  });
}

/** A copy of a treatment under a free slug, checked and saved beside the original. */
export function duplicateEntry(
  site: SiteApi,
  body: DuplicateRequest,
  written?: OnWritten,
): Promise<Answer<DuplicateResponse | RefusedResponse>> {
  return site.serialised(String(body?.path), async () => {
    const place = site.index.place(body?.path);
    const { items } = await site.index.entries(place);
    const taken = new Set(items.map((i) => i.slug));
    if (place.storage === "folder") {
      const original = await site.store.read(treatmentFilePath(place.collection, String(body.slug)));
      const copy = copyOfItem(JSON.parse(original.text), (slug) => taken.has(slug));
      const slug = String(copy.slug);
      const target = treatmentFilePath(place.collection, slug);
      const absolute = site.store.resolve(target) as string;
      const text = printJson(copy, original.text);
      const result = await site.check(absolute, text);
      if (result.errors.length > 0) return refused(result);
      await writeFileAtomic(absolute, text);
      await result.adopt?.();
      site.wrote(absolute);
      await written?.([{ path: target, before: undefined, after: text }]);
      return [200, { slug, path: target }];
    }
    const entry = await readEntry(site, place.collection, body.slug);
    const copy = copyOfItem(entry.list[entry.at], (slug) => taken.has(slug));
    const list = [...entry.list];
    list.splice(entry.at + 1, 0, copy);
    const text = printJson({ ...entry.doc, sub_departments: list }, entry.stored.text);
    const result = await site.check(entry.stored.absolute, text);
    if (result.errors.length > 0) return refused(result);
    await writeFileAtomic(entry.stored.absolute, text);
    await result.adopt?.();
    site.wrote(entry.stored.absolute);
    await written?.([{ path: entry.stored.info.path, before: entry.stored.text, after: text }]);
    return [200, { slug: String(copy.slug) }];
  });
}

/** A page of a collection's treatment list, searched; in a language, with each one's untranslated count. */
export async function searchCollection(
  site: SiteApi,
  query: { path?: string; q?: string; offset?: string; limit?: string; lang?: string },
): Promise<CollectionIndexResponse> {
  const answer = await site.index.search(
    query.path ?? null,
    query.q ?? "",
    Number(query.offset ?? 0) || 0,
    Number(query.limit ?? 50) || 50,
  );
  const { lang } = query;
  const translated = lang ? (await languagesOf(site.store)).slice(1).some((l) => l.code === lang) : false;
  if (lang && translated && answer.storage === "folder") {
    const counts = await treatmentsUntranslated(site.store, answer.items, lang);
    answer.items = answer.items.map((item) => ({ ...item, untranslated: counts[item.slug] }));
  }
  return answer;
}

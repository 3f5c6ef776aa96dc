/**
 * What the preview shows for a draft (PreviewApp.tsx renders it): the page or treatment page the
 * file is shown on, found from its schema, its route or the block that shows it, with the draft in
 * place of the saved content; the home page, with a note, for a file no page shows on its own.
 */
import { type ReactNode, use } from "react";
import type { Block } from "../../shared/generated/blocks/block";
import type { SubDepartment, TreatmentCollection } from "../../shared/generated/collection";
import type { Page } from "../../shared/generated/page";
import type { CollectionPresentation } from "../../shared/generated/presentation";
import { translateDocument } from "../../shared/i18n/keys";
import {
  BlockList,
  blogPosts,
  branches,
  ContentLanguage,
  type Entry,
  loadAllPages,
  loadPageRoute,
  type PageEntry,
  PageView,
  preloadAllBlocks,
  presentations,
  primeCollection,
  specialities,
  TreatmentContext,
} from "../../site";
import { collectionPlace } from "../shared/collection-paths";
import type { PreviewEntry, RenderMessage } from "../shared/preview-protocol";

type Data = Record<string, unknown>;

let pages: PageEntry[] = [];

/** Loads every page and every block's code, so the preview renders any draft at once. */
export async function preparePreview() {
  [pages] = await Promise.all([loadAllPages(), preloadAllBlocks()]);
}

/** What to show for a draft: where it lives on the site, and the content of <main>. */
export interface View {
  route: string;
  content: ReactNode;
  entries: PreviewEntry[];
  entry?: string;
  note?: string;
  /** The header/footer read module config: remount the layout so it reads the draft. */
  remount: boolean;
  /** Scroll the frame to the footer after rendering. */
  footer?: boolean;
}

/** An 'each' page's entries, by the page's `each`. */
function entriesFor(each: string | undefined): { kind: string; slug: string; name: string; entry: unknown }[] {
  const lists: Data = { posts: blogPosts, branches, specialities };
  const list = (each ? lists[each] : undefined) as Data[] | undefined;
  if (!Array.isArray(list) || !each) return [];
  return list.map((entry) => ({
    kind: each,
    slug: String(entry.slug),
    name: String(entry.name ?? entry.title ?? entry.slug),
    entry,
  }));
}

/** A page in another language, with its saved translation (the file being translated is another). */
function SavedPage({ file, lang, entry }: { file: string; lang: string; entry: Entry | null }) {
  const { page, english } = use(loadPageRoute(file, lang));
  return <PageView page={page} file={file} entry={entry} english={english} />;
}

function pageView(
  page: Page,
  file: string,
  wanted: string | undefined,
  extra: Partial<View> = {},
  language?: { lang: string; english?: string[] },
): View {
  const entries = entriesFor(page.each);
  const chosen = entries.find((e) => e.slug === wanted) ?? entries[0];
  const entry = chosen ? ({ kind: chosen.kind, entry: chosen.entry } as Entry) : null;
  const route = chosen ? page.route.replace(":slug", chosen.slug) : page.route;
  return {
    route,
    content: !language ? (
      <PageView page={page} file={file} entry={entry} />
    ) : language.english ? (
      <PageView page={page} file={file} entry={entry} english={language.english} />
    ) : (
      <SavedPage file={file} lang={language.lang} entry={entry} />
    ),
    entries: entries.map(({ slug, name }) => ({ slug, name })),
    entry: chosen?.slug,
    remount: false,
    ...extra,
  };
}

function findPage(test: (page: Page) => boolean) {
  return pages.find((p) => test(p.page));
}

const hasBlock = (type: string) => (page: Page) => page.blocks.some((b) => b.type === type);

function treatmentView(
  presentation: CollectionPresentation,
  collection: TreatmentCollection,
  wanted: string | SubDepartment | undefined,
  extra: Partial<View> = {},
  translate: (item: SubDepartment) => { doc: SubDepartment; english: string[] } = (doc) => ({ doc, english: [] }),
): View {
  const list = collection.sub_departments;
  const chosen: SubDepartment | undefined =
    typeof wanted === "object" ? wanted : (list.find((s) => s.slug === wanted) ?? list[0]);
  const shown = chosen ? translate(chosen) : undefined;
  const subDepartment = shown?.doc;
  const file = `site-config/collections/${presentation.id}.presentation.json`;
  return {
    route: presentation.route.replace(":slug", subDepartment?.slug ?? ""),
    content: subDepartment ? (
      <ContentLanguage english={shown?.english ?? []}>
        <TreatmentContext.Provider value={{ subDepartment, presentation, speciality: collection.speciality }}>
          <article className="treatment-page">
            <BlockList blocks={presentation.template} source={{ file, pointer: "/template" }} />
          </article>
        </TreatmentContext.Provider>
      </ContentLanguage>
    ) : (
      <p className="container">This collection has no treatment pages yet.</p>
    ),
    entries: list.map((s) => ({ slug: s.slug, name: s.name })),
    entry: subDepartment?.slug,
    remount: false,
    ...extra,
  };
}

function presentationFor(collectionPath: string): CollectionPresentation | undefined {
  const dataFile = collectionPath.slice(collectionPath.lastIndexOf("/") + 1);
  return Object.values(presentations).find((p) => p.dataFile === dataFile);
}

/** The strings of `strings` under `prefix`, keyed by what follows it. */
function under(strings: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(strings)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
}

/** Works out what to show; `collections` holds collections loaded for presentation previews. */
export function viewFor(
  message: RenderMessage,
  collections: Map<string, TreatmentCollection>,
): View | { loading: string } {
  const { kind, doc, path, part, entry, lang } = message;
  const strings = message.strings ?? {};
  // The file's own pages show the draft translation; other pages their saved one.
  const saved = lang ? { lang } : undefined;
  const home = findPage((p) => p.route === "/home");
  const homeView = (extra: Partial<View>) =>
    home
      ? pageView(home.page, home.file, undefined, { remount: true, ...extra }, saved)
      : { loading: "There is no /home page." };
  switch (kind) {
    case "page": {
      if (!lang) return pageView(doc as unknown as Page, path, entry);
      const translated = translateDocument(doc as unknown as Page, strings);
      return pageView(translated.doc, path, entry, {}, { lang, english: translated.english });
    }
    case "treatment": {
      // One treatment page, from a collection folder (its own file) or a collection file (its entry).
      const dataFile = collectionPlace(path)?.dataFile ?? "";
      const presentation = presentationFor(dataFile);
      if (!presentation) return { loading: `No *.presentation.json names ${dataFile} as its data file.` };
      const speciality = specialities.find((s) => s.treatments === presentation.id)?.name ?? "";
      const item = doc as unknown as SubDepartment;
      const collection = { speciality, location: "", sub_departments: [item] } as TreatmentCollection;
      // A folder's treatment page in another language: its own translation's draft, keyed from it.
      const translate = lang ? (sub: SubDepartment) => translateDocument(sub, strings) : undefined;
      return treatmentView(presentation, collection, item, { entries: [] }, translate);
    }
    case "collection": {
      const presentation = presentationFor(collectionPlace(path)?.dataFile ?? path);
      if (!presentation) return { loading: `No *.presentation.json names ${path} as its data file.` };
      // A folder's settings file holds no treatments: the speciality page shows them as saved.
      const collection = Array.isArray(doc.sub_departments) ? (doc as unknown as TreatmentCollection) : undefined;
      if (collection) primeCollection(presentation.dataFile, collection);
      if (collection && (part.kind === "item" || lang)) {
        const item = part.kind === "item" ? collection.sub_departments[part.index] : entry;
        const translate = (sub: SubDepartment) =>
          translateDocument(sub, under(strings, `sub_departments.${sub.slug}.`));
        return treatmentView(
          presentation,
          collection,
          item,
          { entries: lang ? undefined : [] },
          lang ? translate : undefined,
        );
      }
      const listing = findPage((p) => p.each === "specialities");
      const speciality = specialities.find((s) => s.treatments === presentation.id);
      if (!listing || !speciality)
        return collection
          ? treatmentView(presentation, collection, entry)
          : { loading: "No speciality page lists this collection." };
      return pageView(listing.page, listing.file, speciality.slug, {
        entries: [],
        remount: true,
        note: "Where this collection is listed: its speciality page.",
      });
    }
    case "presentation": {
      // The treatment shown, loaded on its own (a collection may hold thousands); the others are
      // offered by name from the collection's index.
      const english = doc as unknown as CollectionPresentation;
      const collection = collections.get(`${english.dataFile}\n${entry ?? ""}`);
      if (!collection) return { loading: `Loading ${english.dataFile}…` };
      const presentation = lang ? translateDocument(english, strings).doc : english;
      const view = treatmentView(presentation, collection, undefined, { remount: true });
      const index = collections.get(`${english.dataFile}\nindex`);
      return index ? { ...view, entries: index.sub_departments.map((s) => ({ slug: s.slug, name: s.name })) } : view;
    }
    case "navigation":
    case "site":
      return homeView({});
    case "footer":
      return homeView({ footer: true });
    case "branches": {
      const page = findPage((p) => p.each === "branches");
      return page ? pageView(page.page, page.file, entry, { remount: true }, saved) : homeView({});
    }
    case "specialities": {
      const page = findPage((p) => p.route === "/specialities");
      return page ? pageView(page.page, page.file, entry, { remount: true }, saved) : homeView({});
    }
    case "form": {
      const id = path.slice(path.lastIndexOf("/") + 1).replace(/\.json$/, "");
      const page = findPage((p) => p.blocks.some((b) => b.type === "form" && "form" in b && b.form === id));
      if (page) return pageView(page.page, page.file, entry, { remount: true }, saved);
      const blocks = [{ type: "form", form: id }] as Block[];
      return {
        route: "/",
        content: <BlockList blocks={blocks} source={{ file: path, pointer: "" }} />,
        entries: [],
        remount: true,
        note: "This form is not on a page of its own; it is shown here on its own.",
      };
    }
    default: {
      const blockType = otherPages[message.schema];
      const each = message.schema === "blog-posts.schema.json" ? "posts" : undefined;
      const page = each ? findPage((p) => p.each === each) : blockType ? findPage(hasBlock(blockType)) : undefined;
      if (page) return pageView(page.page, page.file, entry, { remount: true }, saved);
      return homeView({ note: "There is no page that shows this file on its own; here is the home page." });
    }
  }
}

/** Other kinds of file, by schema: the block that shows them. */
const otherPages: Record<string, string> = {
  "doctors.schema.json": "doctor-search",
  "packages.schema.json": "health-packages",
};

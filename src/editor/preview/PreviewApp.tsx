/**
 * The preview frame: the site's real layout and blocks, showing the draft the editor sends.
 *
 * Pages and treatment pages get the draft as props and context (as the renderer's own routes
 * give them), so the preview follows every keystroke without remounting; the header, footer,
 * branches, forms and lists read module config, which live-config.ts overwrites with the draft.
 *
 * It never shows an exception: a draft that fails to render gives way to the last one that
 * rendered, with a note. The part being edited (a block, a treatment page, the header, the
 * footer) is outlined, and scrolled to when the person moves to another part.
 *
 * In another language the draft is a translation of the file: the preview shows the site in that
 * language (its saved translations) with the draft applied to the file being translated.
 */
import { Component, type ReactNode, Suspense, use, useEffect, useRef, useState } from "react";
import { MemoryRouter } from "react-router-dom";
import type { Block } from "../../shared/generated/blocks/block";
import type { SubDepartment, TreatmentCollection } from "../../shared/generated/collection";
import type { Page } from "../../shared/generated/page";
import type { CollectionPresentation } from "../../shared/generated/presentation";
import { translateDocument } from "../../shared/i18n/keys";
import {
  BlockList,
  BlockMarkers,
  blogPosts,
  branches,
  ContentLanguage,
  defaultLanguage,
  type Entry,
  findTreatment,
  LanguageProvider,
  Layout,
  type LayoutConfig,
  layoutConfig,
  loadAllPages,
  loadIndex,
  loadPageRoute,
  NotificationsProvider,
  type PageEntry,
  PageView,
  pathIn,
  preloadAllBlocks,
  presentations,
  primeCollection,
  specialities,
  splitWords,
  TreatmentContext,
} from "../../site";
import { collectionPlace } from "../shared/collection-paths";
import {
  isRenderMessage,
  type PreviewEntry,
  type PreviewMessage,
  type RenderMessage,
} from "../shared/preview-protocol";
import { applyDraft } from "./live-config";

type Data = Record<string, unknown>;

let pages: PageEntry[] = [];

/** Loads every page and every block's code, so the preview renders any draft at once. */
export async function preparePreview() {
  [pages] = await Promise.all([loadAllPages(), preloadAllBlocks()]);
}

/** What to show for a draft: where it lives on the site, and the content of <main>. */
interface View {
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
function viewFor(message: RenderMessage, collections: Map<string, TreatmentCollection>): View | { loading: string } {
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

/** Shows the last draft that rendered when this one throws, and says so (onError). */
class PreviewBoundary extends Component<
  { children: ReactNode; resetKey: string; onError: () => void },
  { failed: boolean; key: string }
> {
  override state = { failed: false, key: "" };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The layout's config in a language: its saved translations, the draft for the file being translated. */
function withDraft(config: LayoutConfig, message: RenderMessage): LayoutConfig {
  const { doc, english } = translateDocument(message.doc, message.strings ?? {});
  const merged = new Set([...config.english, ...english]);
  // The draft validated as its English file did (the editor checks it as you type).
  const as = <K extends keyof LayoutConfig>(key: K) => ({ ...config, [key]: doc, english: merged }) as LayoutConfig;
  const list = <K extends "branches" | "specialities">(key: K) =>
    ({ ...config, [key]: (doc as Record<K, unknown>)[key], english: merged }) as LayoutConfig;
  switch (message.kind) {
    case "site":
    case "navigation":
    case "footer":
      return as(message.kind);
    case "branches":
    case "specialities":
      return list(message.kind);
    default:
      return message.schema === "interface.schema.json"
        ? ({ ...config, ...splitWords(doc as Parameters<typeof splitWords>[0]), english: merged } as LayoutConfig)
        : config;
  }
}

/** The site in the message's language around `children` (the default language needs nothing). */
function InLanguage({ message, children }: { message: RenderMessage; children: ReactNode }) {
  const lang = message.lang ?? defaultLanguage;
  const saved = use(layoutConfig(lang));
  if (lang === defaultLanguage) return children;
  return <LanguageProvider config={withDraft(saved, message)}>{children}</LanguageProvider>;
}

/** Runs `onCommit` once its siblings are on the page: the draft rendered without an error. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit);
  return null;
}

/** Said when a draft could not be rendered and the last one that could is shown instead. */
export const fellBackNote =
  "The preview cannot show this change yet, so it shows the last version it could. Check the fields marked in red.";

function post(message: PreviewMessage) {
  window.parent.postMessage(message, window.location.origin);
}

/** The element that shows the part being edited, to outline and scroll to. */
function partElement(message: RenderMessage): Element | null {
  const { kind, part } = message;
  if (kind === "page" || kind === "presentation") {
    if (part.kind !== "item") return null;
    const list = kind === "page" ? "/blocks" : "/template";
    return document.querySelector(`[data-block="${list}/${part.index}"]`)?.nextElementSibling ?? null;
  }
  if (kind === "navigation" || kind === "site") return document.querySelector("header");
  if (kind === "footer") return document.querySelector("footer");
  if (kind === "form") return document.querySelector("main form") ?? document.querySelector("main");
  return document.querySelector("main");
}

/**
 * Scrolls this frame, and only this frame, to show `element`: at the top ("start"), or by as
 * little as it takes ("nearest"). Element.scrollIntoView would also scroll the editor's pane that
 * holds the frame (a scaled frame's layout box is its unscaled size), leaving a blank strip in it.
 */
function scrollFrameTo(element: Element, align: "start" | "nearest") {
  const box = element.getBoundingClientRect();
  const fitsBelow = box.bottom > window.innerHeight && box.height <= window.innerHeight;
  if (align === "start" || box.top < 0 || box.height > window.innerHeight) window.scrollTo(0, window.scrollY + box.top);
  else if (fitsBelow) window.scrollTo(0, window.scrollY + box.bottom - window.innerHeight);
}

export function PreviewApp() {
  const [message, setMessage] = useState<RenderMessage>();
  const [version, setVersion] = useState(0);
  const [collections, setCollections] = useState(() => new Map<string, TreatmentCollection>());
  // The last draft that rendered, and the version whose draft did not (then the last is shown).
  const good = useRef<RenderMessage>(undefined);
  const [fellBack, setFellBack] = useState<number>();
  const scrolledTo = useRef<string>(undefined);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isRenderMessage(event.data)) return;
      const next = event.data;
      applyDraft(next.kind, next.schema, next.doc, next.path);
      setMessage(next);
      setVersion((v) => v + 1);
    };
    window.addEventListener("message", onMessage);
    post({ source: "site-editor-preview", type: "ready" });
    return () => window.removeEventListener("message", onMessage);
  }, []);

  const active = fellBack === version && good.current ? good.current : message;
  const dataFile = active?.kind === "presentation" ? String(active.doc.dataFile ?? "") : undefined;
  const wanted = active?.entry ?? "";
  useEffect(() => {
    const key = `${dataFile}\n${wanted}`;
    if (!dataFile || collections.has(key)) return;
    const lookup = { dataFile, slugAliases: [], fuzzyMatch: false };
    loadIndex(dataFile)
      .then(async (index) => {
        const found = await findTreatment(lookup, wanted || index.slugs[0] || "");
        if (!("found" in found)) return;
        const listed = index.slugs.map((slug, i) => ({ slug, name: index.names[i] }));
        setCollections((c) =>
          new Map(c).set(key, found.found).set(`${dataFile}\nindex`, {
            ...found.found,
            sub_departments: listed as TreatmentCollection["sub_departments"],
          }),
        );
      })
      .catch(() => undefined);
  }, [dataFile, wanted, collections]);

  const view = active ? viewFor(active, collections) : { loading: "Waiting for the editor…" };
  const shown = "route" in view ? view : undefined;

  useEffect(() => {
    if (!shown || !active) return;
    post({
      source: "site-editor-preview",
      type: "shown",
      route: shown.route,
      entries: shown.entries,
      entry: shown.entry,
      note: fellBack === version ? fellBackNote : shown.note,
    });
    // Outline the part being edited; scroll to it when the person has moved to another part.
    for (const old of document.querySelectorAll("[data-editing]")) old.removeAttribute("data-editing");
    const target = partElement(active);
    target?.setAttribute("data-editing", "");
    const place = `${active.path}|${active.part.kind}|${active.part.kind === "item" ? active.part.index : ""}|${shown.entry ?? ""}`;
    // A new block that cannot be shown yet (it has errors): stay, and go to it once it shows.
    const waiting = !target && active.part.kind === "item";
    if (place !== scrolledTo.current && !waiting) {
      scrolledTo.current = place;
      if (target) scrollFrameTo(target, active.kind === "footer" ? "start" : "nearest");
      else window.scrollTo(0, 0);
    }
  });

  if (!shown || !active) return <p className="preview-waiting">{"loading" in view ? view.loading : null}</p>;
  const lang = active.lang ?? defaultLanguage;
  const route = pathIn(shown.route, lang);
  const layoutKey = `${active.path}:${route}:${shown.remount ? version : 0}:${active === message ? "" : "last"}`;
  const onError = () => {
    // Back to the last draft that rendered: the layout reads its config from the live objects.
    const last = good.current;
    if (!last || last === message) return;
    applyDraft(last.kind, last.schema, last.doc, last.path);
    setFellBack(version);
  };
  return (
    <PreviewBoundary resetKey={`${version}:${active === message}`} onError={onError}>
      <Suspense fallback={<p className="preview-waiting">Loading the {lang} texts…</p>}>
        <InLanguage message={active}>
          <BlockMarkers.Provider value={true}>
            <NotificationsProvider>
              <MemoryRouter key={layoutKey} initialEntries={[route]}>
                <Layout>{shown.content}</Layout>
              </MemoryRouter>
            </NotificationsProvider>
          </BlockMarkers.Provider>
        </InLanguage>
      </Suspense>
      <Committed
        onCommit={() => {
          good.current = active;
        }}
      />
    </PreviewBoundary>
  );
}

/**
 * The preview frame: the site's real layout and blocks, showing the draft the editor sends.
 *
 * Pages and treatment pages get the draft as props and context (as the renderer's own routes
 * give them), so the preview follows every keystroke without remounting; the header, footer,
 * branches, forms and lists read module config, which live-config.ts overwrites with the draft.
 *
 * In another language the draft is a translation of the file: the preview shows the site in that
 * language (its saved translations) with the draft applied to the file being translated.
 */
import { Component, type ReactNode, Suspense, use, useEffect, useState } from "react";
import { MemoryRouter } from "react-router-dom";
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
  defaultLanguage,
  type Entry,
  LanguageProvider,
  Layout,
  type LayoutConfig,
  layoutConfig,
  loadAllPages,
  loadCollection,
  loadPageRoute,
  NotificationsProvider,
  type PageEntry,
  PageView,
  pathIn,
  preloadAllBlocks,
  presentations,
  primeCollection,
  specialities,
  TreatmentContext,
} from "../../site";
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
    case "collection": {
      const collection = doc as unknown as TreatmentCollection;
      const presentation = presentationFor(path);
      if (!presentation) return { loading: `No *.presentation.json names ${path} as its data file.` };
      primeCollection(presentation.dataFile, collection);
      if (part.kind === "item" || lang) {
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
      if (!listing || !speciality) return treatmentView(presentation, collection, entry);
      return pageView(listing.page, listing.file, speciality.slug, {
        entries: [],
        remount: true,
        note: "Where this collection is listed: its speciality page.",
      });
    }
    case "presentation": {
      const english = doc as unknown as CollectionPresentation;
      const collection = collections.get(english.dataFile);
      if (!collection) return { loading: `Loading ${english.dataFile}…` };
      const presentation = lang ? translateDocument(english, strings).doc : english;
      return treatmentView(presentation, collection, entry, { remount: true });
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

class PreviewBoundary extends Component<{ children: ReactNode; resetKey: number }, { error?: string; key: number }> {
  override state: { error?: string; key: number } = { key: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error: (error as Error)?.message ?? String(error) };
  }

  static getDerivedStateFromProps(props: { resetKey: number }, state: { error?: string; key: number }) {
    return props.resetKey !== state.key ? { error: undefined, key: props.resetKey } : null;
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="preview-broken">
          <p>The preview cannot show this draft yet ({this.state.error}). Fix the fields marked in the form.</p>
        </div>
      );
    }
    return this.props.children;
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
      return message.schema === "interface.schema.json" ? as("ui") : config;
  }
}

/** The site in the message's language around `children` (the default language needs nothing). */
function InLanguage({ message, children }: { message: RenderMessage; children: ReactNode }) {
  const lang = message.lang ?? defaultLanguage;
  const saved = use(layoutConfig(lang));
  if (lang === defaultLanguage) return children;
  return <LanguageProvider config={withDraft(saved, message)}>{children}</LanguageProvider>;
}

function post(message: PreviewMessage) {
  window.parent.postMessage(message, window.location.origin);
}

export function PreviewApp() {
  const [message, setMessage] = useState<RenderMessage>();
  const [version, setVersion] = useState(0);
  const [collections, setCollections] = useState(() => new Map<string, TreatmentCollection>());

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

  const dataFile = message?.kind === "presentation" ? String(message.doc.dataFile ?? "") : undefined;
  useEffect(() => {
    if (!dataFile || collections.has(dataFile)) return;
    loadCollection(dataFile).then(
      (loaded) => setCollections((c) => new Map(c).set(dataFile, loaded)),
      () => undefined,
    );
  }, [dataFile, collections]);

  const view = message ? viewFor(message, collections) : { loading: "Waiting for the editor…" };
  const shown = "route" in view ? view : undefined;

  useEffect(() => {
    if (!shown) return;
    post({
      source: "site-editor-preview",
      type: "shown",
      route: shown.route,
      entries: shown.entries,
      entry: shown.entry,
      note: shown.note,
    });
    if (shown.footer) document.querySelector("footer")?.scrollIntoView({ block: "start" });
  });

  if (!shown) return <p className="preview-waiting">{"loading" in view ? view.loading : null}</p>;
  const lang = message?.lang ?? defaultLanguage;
  const route = pathIn(shown.route, lang);
  const layoutKey = `${message?.path}:${route}:${shown.remount ? version : 0}`;
  return (
    <PreviewBoundary resetKey={version}>
      <Suspense fallback={<p className="preview-waiting">Loading the {lang} texts…</p>}>
        {message ? (
          <InLanguage message={message}>
            <NotificationsProvider>
              <MemoryRouter key={layoutKey} initialEntries={[route]}>
                <Layout>{shown.content}</Layout>
              </MemoryRouter>
            </NotificationsProvider>
          </InLanguage>
        ) : null}
      </Suspense>
    </PreviewBoundary>
  );
}

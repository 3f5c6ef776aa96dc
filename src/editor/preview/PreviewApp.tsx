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
import type { TreatmentCollection } from "../../shared/generated/collection";
import { translateDocument } from "../../shared/i18n/keys";
import {
  BlockMarkers,
  defaultLanguage,
  findTreatment,
  LanguageProvider,
  Layout,
  type LayoutConfig,
  layoutConfig,
  loadIndex,
  MemoryRouter,
  NotificationsProvider,
  pathIn,
  splitWords,
} from "../../site";
import { isRenderMessage, type PreviewMessage, type RenderMessage } from "../shared/preview-protocol";
import { applyDraft } from "./live-config";
import { preparePreview, viewFor } from "./preview-views";

export { preparePreview };

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

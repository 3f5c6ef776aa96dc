/**
 * Server entry for prerendering: renders one page of the real route table to a complete HTML
 * document. Built by `vite build --ssr` and driven by src/build/prerender/prerender.ts (also from its workers).
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { installJsdom } from "../../shared/html/node-dom";
import { loadSanitiser } from "../../shared/html/sanitize";
import { ownShareImage, type ShareImage } from "../../shared/social/card-spec";
import {
  buildRoutes,
  clearCollectionCache,
  FormSlotsContext,
  type LayoutPart,
  LayoutPartContext,
  preloadAllBlocks,
  preloadFormLanguages,
  preloadLeadForm,
  primeHydration,
  type RouteHandle,
  type RouteObject,
  SiteRoutes,
  StaticRouter,
  site,
} from "../../site";
import type { TextParts } from "../output-file";
import { type CardStore, cardCounts, type NamedCard, nameCard } from "../social/cards";
import { type LanguageFonts, pageDocumentParts } from "./document";
import { renderFormSlots } from "./form-slots";
import { contentMarker, frameAddress, linksTo, mainContent, pageInFrame, sharesFrame, textOf } from "./frame";
import { type Job, type JobContext, runJobs as runJobsWith } from "./jobs";
import { type Catalog, catalogListPages, type PageInfo, pageInfo } from "./manifest";
import { renderStatic } from "./string-render/render";

export { formSlotUse } from "./form-slots";
export { catalogListPages, listPages, type PageInfo, pageInfo, siteFacts } from "./manifest";

const routes = buildRoutes();
// Content HTML is sanitised by the code the browser and the validator run, over jsdom's HTML parser.
installJsdom();
// Everything any page may show (every route's content and code, every block, the form, the
// sanitiser), loaded once, so each page renders complete with no waiting per page.
const ready = Promise.all([
  loadSanitiser(),
  preloadLeadForm(),
  preloadAllBlocks(),
  preloadFormLanguages(),
  // Every language's root (its layout config) and every route below it.
  ...routes
    .flatMap((root) => [root, ...(root.children ?? [])])
    .map((r) => (r.handle as RouteHandle | undefined)?.preload()),
]);

// A route table cut down to the one route a page matches, by pattern: the router matches every
// route of the table on every render, a tenth of the time per page. The browser hydrates the same
// elements from the whole table.
const singleRoutes = new Map<string, RouteObject[]>();

function routesFor(path: string, pattern: string | undefined): RouteObject[] {
  const key = pattern ?? path;
  const cached = singleRoutes.get(key);
  if (cached) return cached;
  let table: RouteObject[] = routes;
  // Each language has a root of its own ('/', '/te', '/hi'): the route is under one of them.
  for (const root of routes) {
    const children = (root.children ?? []).filter((child) => (child.index ? key === root.path : child.path === key));
    if (children.length === 1) {
      table = [{ path: root.path, element: root.element, handle: root.handle, children }];
      break;
    }
  }
  singleRoutes.set(key, table);
  return table;
}

/**
 * The app's HTML at `path` (matching the route `pattern`, if given), or one part of it (see
 * layout-part.ts); throws for a path the route table sends elsewhere.
 */
export async function renderApp(
  path: string,
  pattern?: string,
  part: LayoutPart = { part: "all" },
  { formSlots = true } = {},
): Promise<string> {
  await ready;
  // Each kind of lead form is rendered once, and filled in where it shows again (form-slots.ts).
  const slots = formSlots ? renderFormSlots() : null;
  // A path the route table does not know throws while rendering (see ToHome in routes.tsx).
  const app = (
    <StrictMode>
      <LayoutPartContext.Provider value={part}>
        <FormSlotsContext.Provider value={slots}>
          <StaticRouter location={path}>
            <SiteRoutes routes={routesFor(path, pattern)} />
          </StaticRouter>
        </FormSlotsContext.Provider>
      </LayoutPartContext.Provider>
    </StrictMode>
  );
  // A page's content (the bulk of a build's renders) by the string renderer, React's bytes at a
  // fraction of its work; whatever it leaves to React, and every other render, by React.
  const rendered = (part.part === "content" ? renderStatic(app) : null) ?? renderToString(app);
  const html = slots ? slots.fill(rendered) : rendered;
  // A Suspense boundary left to the browser ("<!--$!-->") means a part of the page is missing
  // from the static HTML: code-split parts must be preloaded by their route (see route-data.ts).
  if (html.includes("<!--$!-->"))
    throw new Error(`Part of ${path} suspended while prerendering; preload it in its route.`);
  return html;
}

const frames = new Map<string, Promise<string>>();

/** The shared frame of a ':slug' route's pages, rendered once. */
function frameOf(route: string): Promise<string> {
  let frame = frames.get(route);
  if (!frame) {
    frame = renderApp(frameAddress(route), route, { part: "frame", slot: contentMarker });
    frames.set(route, frame);
  }
  return frame;
}

/** The routes whose pages share a frame so far (tests). */
export const sharedFrameRoutes = () => [...frames.keys()];

/** How many pages were put into their route's shared frame, and how many rendered whole (tests). */
export const frameUse = { spliced: 0, whole: 0 };

/** The app's HTML for a page, in parts: its content in its route's shared frame, or rendered whole. */
async function renderBody(info: PageInfo, reuseFrames: boolean): Promise<TextParts> {
  if (!reuseFrames) return [await renderApp(info.path, info.route, { part: "all" }, { formSlots: false })];
  if (!sharesFrame(info.route)) return [await renderApp(info.path, info.route)];
  const shared = await frameOf(info.route);
  // Links the frame has of its own, before the page's address fills it: the language switcher's
  // link to this very page comes from the stand-in, and is right for every page of the route.
  if (linksTo(shared, info.path)) {
    frameUse.whole++;
    return [await renderApp(info.path, info.route)];
  }
  frameUse.spliced++;
  return pageInFrame(
    shared,
    info.route,
    info.path,
    mainContent(await renderApp(info.path, info.route, { part: "content" })),
  );
}

/**
 * The complete HTML document of one page in parts (written as they are: output-file.ts), rendered
 * with the data the browser will hydrate with.
 */
async function renderPageParts(
  info: PageInfo,
  template: string,
  { reuseFrames = true, fonts = {} as LanguageFonts } = {},
): Promise<TextParts> {
  clearCollectionCache();
  if (info.hydration) primeHydration(info.path, info.hydration);
  const app = await renderBody(info, reuseFrames);
  return pageDocumentParts(
    template,
    info,
    app,
    site.name,
    info.shareImage ?? `${site.canonicalBase}${site.logo.src}`,
    fonts,
  );
}

/**
 * The complete HTML document of one page, rendered with the data the browser will hydrate with.
 * `reuseFrames: false` renders every page whole, its forms too (tests compare the two).
 */
export async function renderPage(
  info: PageInfo,
  template: string,
  options: { reuseFrames?: boolean; fonts?: LanguageFonts } = {},
): Promise<string> {
  return textOf(await renderPageParts(info, template, options));
}

/**
 * The cards named so far with a build's context, by what they show: pages share cards (a
 * treatment's pages in languages it has no texts in show its English card), and naming one hashes
 * it and looks for its files in dist/. A worker keeps one context for all its batches.
 */
const namedCards = new WeakMap<JobContext, Map<string, NamedCard>>();

/** A page's link preview image: the one its config names, or its card (named, not drawn: cards.ts). */
function shareImageOf(
  info: PageInfo,
  store: CardStore,
  named: Map<string, NamedCard>,
): { image: ShareImage; card?: NamedCard } | undefined {
  if (!info.share) return undefined;
  if ("image" in info.share) return { image: ownShareImage(info.share.image, store.canonicalBase) };
  const key = JSON.stringify(info.share.card);
  let card = named.get(key);
  if (card) cardCounts.found++;
  else {
    card = nameCard(info.share.card, store);
    named.set(key, card);
  }
  return { image: card.image, card };
}

/** The list pages of a catalog, made once per thread for all the batches a worker runs with it. */
const listsByCatalog = new WeakMap<Catalog, ReturnType<typeof catalogListPages>>();

function listsOf(catalog: Catalog) {
  let lists = listsByCatalog.get(catalog);
  if (!lists) {
    lists = catalogListPages(catalog);
    listsByCatalog.set(catalog, lists);
  }
  return lists;
}

/**
 * Runs build jobs in this thread (see jobs.ts): pages are rendered here, with the site, each with
 * its social card (src/build/social/cards.ts).
 */
export async function runJobs(jobs: Job[], context: JobContext) {
  const store = { distDir: context.distDir, canonicalBase: site.canonicalBase };
  const named = namedCards.get(context) ?? new Map<string, NamedCard>();
  namedCards.set(context, named);
  const before = { ...cardCounts };
  // The cards' sources (and PNGs drawn into dist/) are files of dist/ too: a full build keeps what its jobs wrote.
  const cardFiles = new Set<string>();
  // Each page's card, so an incremental build knows which cards its pages still show.
  const pageCards: Record<string, string | null> = {};
  const result = await runJobsWith(jobs, context, {
    render: async (info, template) => {
      const share = shareImageOf(info, store, named);
      for (const file of share?.card?.files ?? []) cardFiles.add(file);
      pageCards[info.path] = share?.card ? share.image.url.slice(site.canonicalBase.length + 1) : null;
      return renderPageParts({ ...info, shareImage: share?.image }, template, { fonts: context.fonts });
    },
    pageInfo,
    lists: listsOf(context.catalog.catalog),
  });
  return {
    ...result,
    written: [...result.written, ...cardFiles],
    pageCards,
    cards: { written: cardCounts.written - before.written, found: cardCounts.found - before.found },
  };
}

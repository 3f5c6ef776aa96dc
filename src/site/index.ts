/**
 * What other programs may use of the site, and nothing else: the prerenderer (src/build/) renders
 * it on the server, and the editor's preview (src/editor/preview/) renders it beside the form with
 * a draft config. Browser pages never import this file; they start at main.tsx.
 */
import "./styles/global.css";
import "./styles/patterns.css";

export { clinicalReviewSettings } from "../shared/clinical-review";
export { BlockList, BlockMarkers, preloadAllBlocks } from "./blocks/BlockList";
export { loadDoctors } from "./blocks/doctor-search/doctors";
export { doctorProfilePath } from "./blocks/treatment-review/ReviewLine";
export { type CarriedReviewer, type HydrationPayload, primeHydration } from "./collections/hydration";
export {
  clearCollectionCache,
  findTreatment,
  loadIndex,
  primeCollection,
  setBuiltInLoader,
} from "./collections/load";
export { TreatmentContext } from "./collections/treatment-context";
export { presentationStrings, translateTreatment } from "./collections/treatment-language";
export * as contentConfig from "./config/content";
export { blogPosts } from "./config/content";
export * as formsConfig from "./config/forms";
export { loadAllPages, type PageEntry } from "./config/pages";
export * as presentationsConfig from "./config/presentations";
export { presentations } from "./config/presentations";
export * as siteConfig from "./config/site-config";
export { branches, site, specialities } from "./config/site-config";
export { entriesOf } from "./entries/entries";
export { type Entry, fillName } from "./entries/entry-context";
export { preloadFormLanguages } from "./forms/form-language";
export { type FormPlace, type FormSlots, FormSlotsContext } from "./forms/form-slots";
export { preloadLeadForm } from "./forms/lazy-lead-form";
export { ContentLanguage, LanguageProvider } from "./i18n/context";
export { formatMessage } from "./i18n/format";
export { defaultLanguage, languages, pathIn } from "./i18n/languages";
export { type LayoutConfig, layoutConfig } from "./i18n/layout-config";
export { prerenderWordsIn } from "./i18n/prerender-words";
export { splitWords } from "./i18n/translated-layout";
export { hasTranslation, stringsOf } from "./i18n/translations";
export { Layout } from "./layout/Layout";
export { type LayoutPart, LayoutPartContext } from "./layout/layout-part";
export { MemoryRouter, type RouteObject, StaticRouter } from "./router/router";
export { PageView } from "./routes/PageView";
export { loadPageRoute } from "./routes/route-data";
export type { RouteHandle } from "./routes/route-handle";
export { buildRoutes } from "./routes/routes";
export { SiteRoutes } from "./routes/SiteRoutes";
export { canonicalFor } from "./seo/head";
export {
  breadcrumbs,
  hospital,
  type MedicalPage,
  organization,
  type Reviewer,
  treatmentPage,
  webPage,
} from "./seo/structured-data";
export { NotificationsProvider } from "./ui/notifications/Notifications";
export { listPageTitle, pagedBlockTypes } from "./ui/pagination";

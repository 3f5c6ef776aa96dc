/**
 * The page's language, given to every component below the route's root: the layout's config in
 * that language, the interface words, and which texts are shown in English for want of a
 * translation, so the element showing one says `lang="en"` (a screen reader switches voice).
 *
 * Outside any provider (a component rendered on its own, the editor's preview of the default
 * language) the default language's config applies.
 */
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useLocation } from "../router/router";
import { defaultLanguage, pathIn, splitLanguage } from "./languages";
import { defaultLayout, type LayoutConfig } from "./layout-config";

const LayoutContext = createContext<LayoutConfig>(defaultLayout);
/** Texts of the page's own content shown in English, beside the layout's. */
const ContentEnglishContext = createContext<ReadonlySet<string>>(new Set());

export function LanguageProvider({ config, children }: { config: LayoutConfig; children: ReactNode }) {
  return <LayoutContext.Provider value={config}>{children}</LayoutContext.Provider>;
}

/**
 * Marks the texts of a page's content (or a treatment's, a form's, a list's) that stayed English,
 * beside those of the content around it.
 */
export function ContentLanguage({ english, children }: { english: readonly string[]; children: ReactNode }) {
  const around = useContext(ContentEnglishContext);
  const set = useMemo(() => (english.length === 0 ? around : new Set([...around, ...english])), [english, around]);
  return <ContentEnglishContext.Provider value={set}>{children}</ContentEnglishContext.Provider>;
}

/** The page's language code. */
export const useLanguage = () => useContext(LayoutContext).lang;

/** The layout's config in the page's language. */
export const useLayoutConfig = () => useContext(LayoutContext);

/** The interface words in the page's language. */
export const useUi = () => useContext(LayoutContext).ui;

/** The path of a route in the page's language ('/home' -> '/te/home' on a Telugu page). */
export function useLocalPath(): (route: string) => string {
  const lang = useLanguage();
  return (route) => pathIn(route, lang);
}

/**
 * `lang` for the element showing `text`: 'en' when the page is in another language and the text
 * is shown in English for want of a translation, otherwise nothing (the page's own lang applies).
 */
export function useFallbackLang(): (text: string | undefined) => string | undefined {
  const { lang, english } = useContext(LayoutContext);
  const content = useContext(ContentEnglishContext);
  if (lang === defaultLanguage) return () => undefined;
  return (text) => (text !== undefined && (content.has(text) || english.has(text)) ? defaultLanguage : undefined);
}

/**
 * `lang` for a text known to be English whatever the page's language (a treatment's name as the
 * collection's index has it, a list entry with no name in the page's language): 'en' on a page in
 * another language, otherwise nothing.
 */
export function useEnglishLang(): string | undefined {
  return useLanguage() === defaultLanguage ? undefined : defaultLanguage;
}

/** The current page's route as the default language has it ('/te/home' -> '/home'), for active menu items. */
export function useRoutePath(): string {
  return splitLanguage(useLocation().pathname).route;
}

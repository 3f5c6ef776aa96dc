/**
 * The site's languages and the routes of their pages. The default language (the first of
 * site.json's `languages`, English here) keeps every route as it is; another language's pages
 * live under its code: '/home' -> '/te/home', '/' -> '/te'. Pure, for the site, the prerenderer,
 * the sitemap and the validator alike.
 */

/** A language as site.json declares it. */
export interface Language {
  code: string;
  name: string;
  englishName: string;
}

/** The language a site with no `languages` list is published in. */
export const englishOnly: Language[] = [{ code: "en", name: "English", englishName: "English" }];

/** The languages of a site.json (English only when it declares none). */
export const siteLanguages = (site: { languages?: Language[] }): Language[] =>
  site.languages && site.languages.length > 0 ? site.languages : englishOnly;

/**
 * The path of `route` in language `lang`. Routes of the default language, anchors, and addresses
 * already under a language's prefix are left alone.
 */
export function localPath(route: string, lang: string, defaultLang: string): string {
  if (lang === defaultLang || !route.startsWith("/")) return route;
  if (route === `/${lang}` || route.startsWith(`/${lang}/`) || route.startsWith(`/${lang}#`)) return route;
  if (route === "/") return `/${lang}`;
  return route.startsWith("/#") || route.startsWith("/?") ? `/${lang}${route.slice(1)}` : `/${lang}${route}`;
}

/** The language a path is in and the path as the default language has it ('/te/home' -> te, '/home'). */
export function splitPath(
  pathname: string,
  codes: readonly string[],
  defaultLang: string,
): { lang: string; route: string } {
  const first = pathname.split("/")[1] ?? "";
  if (first !== defaultLang && codes.includes(first)) {
    const rest = pathname.slice(first.length + 1);
    return { lang: first, route: rest === "" ? "/" : rest };
  }
  return { lang: defaultLang, route: pathname };
}

/** Where the translation of an English config file sits: 'pages/home.json' -> 'i18n/te/pages/home.json'. */
export const translationPath = (englishPath: string, lang: string) => `i18n/${lang}/${englishPath}`;

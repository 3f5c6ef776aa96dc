/**
 * The languages of this site (site.json's `languages`) and the routes of their pages, bound to
 * this site's list: see src/shared/i18n/languages.ts for the rule.
 */
import { localPath, siteLanguages, splitPath } from "../../shared/i18n/languages";
import { site } from "../config/site-config";

/** Every language, the default first. */
export const languages = siteLanguages(site);
/** The default language's code: its pages keep their routes as they are. */
export const defaultLanguage = languages[0].code;
const codes = languages.map((l) => l.code);

/** The path of `route` in `lang` ('/home' -> '/te/home'). */
export const pathIn = (route: string, lang: string) => localPath(route, lang, defaultLanguage);

/** The language of a path and the route it shows ('/te/home' -> { lang: 'te', route: '/home' }). */
export const splitLanguage = (pathname: string) => splitPath(pathname, codes, defaultLanguage);

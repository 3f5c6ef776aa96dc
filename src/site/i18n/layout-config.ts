/**
 * The config every page's layout shows (site settings, header, footer, branches, specialities and
 * the interface words), in one language. The default language's are the config modules' own
 * objects, as the editor's preview expects (it edits them in place); another language's are
 * translated copies, loaded once per language.
 */
import type { Branch } from "../../shared/generated/branches";
import type { Footer } from "../../shared/generated/footer";
import type { InterfaceWords } from "../../shared/generated/interface";
import type { Navigation } from "../../shared/generated/navigation";
import type { Site } from "../../shared/generated/site";
import type { Speciality } from "../../shared/generated/specialities";
import { interfaceWords } from "../config/interface-words";
import { branches, footer, navigation, site, specialities } from "../config/site-config";
import { fulfilled, memoLoader, type Tracked } from "../tracked";
import { defaultLanguage } from "./languages";
import { translated } from "./translations";

/** The layout's config in one language. */
export interface LayoutConfig {
  lang: string;
  site: Site;
  navigation: Navigation;
  footer: Footer;
  branches: Branch[];
  specialities: Speciality[];
  ui: InterfaceWords;
  /** The texts shown in English for want of a translation (they are marked lang="en"). */
  english: ReadonlySet<string>;
}

/** The default language's layout config: the config modules' own objects. */
export const defaultLayout: LayoutConfig = {
  lang: defaultLanguage,
  site,
  navigation,
  footer,
  branches,
  specialities,
  ui: interfaceWords,
  english: new Set(),
};

/** The layout's config in `lang`, translated once; at once for the default language. */
export const loadLayoutConfig: (lang: string) => Tracked<LayoutConfig> = memoLoader(async (lang: string) => {
  const [s, n, f, b, sp, ui] = await Promise.all([
    translated(site, "site.json", lang),
    translated(navigation, "navigation.json", lang),
    translated(footer, "footer.json", lang),
    translated({ branches }, "branches.json", lang),
    translated({ specialities }, "specialities.json", lang),
    translated(interfaceWords, "interface.json", lang),
  ]);
  const english = new Set([s, n, f, b, sp, ui].flatMap((t) => t.english));
  return {
    lang,
    site: s.doc,
    navigation: n.doc,
    footer: f.doc,
    branches: b.doc.branches,
    specialities: sp.doc.specialities,
    ui: ui.doc,
    english,
  };
});

/** The layout config of `lang`, already loaded for the default language. */
export const layoutConfig = (lang: string): Tracked<LayoutConfig> =>
  lang === defaultLanguage ? fulfilled(defaultLayout) : loadLayoutConfig(lang);

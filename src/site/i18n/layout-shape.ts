/** What the layout shows in one language (layout-config.ts gives it, translated-layout.ts translates it). */
import type { Branch } from "../../shared/generated/branches";
import type { Footer } from "../../shared/generated/footer";
import type { Navigation } from "../../shared/generated/navigation";
import type { Site } from "../../shared/generated/site";
import type { Speciality } from "../../shared/generated/specialities";
import type { BlockWords, LayoutWords } from "../config/interface-words";

/** The layout's config in one language. */
export interface LayoutConfig {
  lang: string;
  site: Site;
  navigation: Navigation;
  footer: Footer;
  branches: Branch[];
  specialities: Speciality[];
  ui: LayoutWords;
  /**
   * The interface words blocks show, translated with the layout's in another language than the
   * default; in the default language, absent: the blocks' own module has them (block-words.ts).
   */
  blockWords?: BlockWords;
  /** The texts shown in English for want of a translation (they are marked lang="en"). */
  english: ReadonlySet<string>;
}

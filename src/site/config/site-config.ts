/**
 * The site configuration every page needs: site settings, header, footer, branches and
 * specialities (the layout shows them all). Pages (pages.ts), forms (forms.ts), treatment
 * presentations (presentations.ts), listings (content.ts) and doctors load with the parts that
 * show them; treatment collections are fetched at run time from assets/data/ as the spec says.
 *
 * Everything here was validated by `npm run validate` before the build, so the casts from JSON to
 * the generated types are checked facts, not hopes.
 */
import type { Branch, Branches } from "../../shared/generated/branches";
import type { Footer } from "../../shared/generated/footer";
import type { Navigation } from "../../shared/generated/navigation";
import type { Site } from "../../shared/generated/site";
import type { Specialities, Speciality } from "../../shared/generated/specialities";

// A glob rather than imports of each file: the bundle is the same, and the type check reads no
// config (the validator checks it against its schema before every build).
const files = import.meta.glob(
  [
    "../../../site-config/site.json",
    "../../../site-config/navigation.json",
    "../../../site-config/footer.json",
    "../../../site-config/branches.json",
  ],
  { eager: true, import: "default" },
);
// Without their search words, which pages never show: the build's search index reads them from
// the file itself (src/build/search/pages.ts), and each page's first load is the lighter for it.
const specialitiesFile = import.meta.glob<Specialities>("../../../site-config/specialities.json", {
  eager: true,
  import: "default",
  query: "?omit=specialities.searchTerms",
});
const config = <T>(name: string) => files[`../../../site-config/${name}`] as T;

export const site = config<Site>("site.json");
export const navigation = config<Navigation>("navigation.json");
export const footer = config<Footer>("footer.json");
export const branches: Branch[] = config<Branches>("branches.json").branches;
export const specialities: Speciality[] = specialitiesFile["../../../site-config/specialities.json"].specialities;

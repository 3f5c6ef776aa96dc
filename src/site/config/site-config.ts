/**
 * The site configuration every page needs: site settings, header, footer, branches and
 * specialities (the layout shows them all). Pages (pages.ts), forms (forms.ts), treatment
 * presentations (presentations.ts), listings (content.ts) and doctors load with the parts that
 * show them; treatment collections are fetched at run time from assets/data/ as the spec says.
 *
 * Everything here was validated by `npm run validate` before the build, so the casts from JSON to
 * the generated types are checked facts, not hopes.
 */
import branchesJson from "../../../site-config/branches.json";
import footerJson from "../../../site-config/footer.json";
import navigationJson from "../../../site-config/navigation.json";
import siteJson from "../../../site-config/site.json";
import specialitiesJson from "../../../site-config/specialities.json";
import type { Branch, Branches } from "../../shared/generated/branches";
import type { Footer } from "../../shared/generated/footer";
import type { Navigation } from "../../shared/generated/navigation";
import type { Site } from "../../shared/generated/site";
import type { Specialities, Speciality } from "../../shared/generated/specialities";

export const site = siteJson as Site;
export const navigation = navigationJson as Navigation;
export const footer = footerJson as Footer;
export const branches: Branch[] = (branchesJson as Branches).branches;
export const specialities: Speciality[] = (specialitiesJson as Specialities).specialities;

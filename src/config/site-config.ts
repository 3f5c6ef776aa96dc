/**
 * The site configuration as the renderer sees it. Header, footer, pages and forms are small and
 * bundled with the app (the route table needs every page's route up front); treatment
 * collections are fetched at run time from assets/data/ as the spec says.
 *
 * Everything here was validated by `npm run validate` before the build, so the casts from JSON to
 * the generated types are checked facts, not hopes.
 */
import blogPostsJson from "../../site-config/blog-posts.json";
import branchesJson from "../../site-config/branches.json";
import footerJson from "../../site-config/footer.json";
import navigationJson from "../../site-config/navigation.json";
import packagesJson from "../../site-config/packages.json";
import siteJson from "../../site-config/site.json";
import specialitiesJson from "../../site-config/specialities.json";
import type { BlogPost, BlogPosts } from "../generated/blog-posts";
import type { Branch, Branches } from "../generated/branches";
import type { Doctor, Doctors } from "../generated/doctors";
import type { Footer } from "../generated/footer";
import type { Form } from "../generated/form";
import type { Navigation } from "../generated/navigation";
import type { HealthPackage, HealthPackages } from "../generated/packages";
import type { Page } from "../generated/page";
import type { CollectionPresentation } from "../generated/presentation";
import type { Site } from "../generated/site";
import type { Specialities, Speciality } from "../generated/specialities";

export const site = siteJson as Site;
export const navigation = navigationJson as Navigation;
export const footer = footerJson as Footer;
export const branches: Branch[] = (branchesJson as Branches).branches;
export const specialities: Speciality[] = (specialitiesJson as Specialities).specialities;
/** Blog posts, newest first; each is a page at /blogs/{slug}. */
export const blogPosts: BlogPost[] = (blogPostsJson as BlogPosts).posts;
/** Health checkup packages. */
export const healthPackages: HealthPackage[] = (packagesJson as HealthPackages).packages;

/**
 * The doctors, fetched on demand: only the doctor search needs them, so they are a chunk of their
 * own rather than part of every page's bundle.
 */
export const loadDoctors = (): Promise<Doctor[]> =>
  import("../../site-config/doctors.json").then((module) => (module.default as Doctors).doctors);

const formModules = import.meta.glob<Form>("../../site-config/forms/*.json", { eager: true, import: "default" });
const presentationModules = import.meta.glob<CollectionPresentation>(
  "../../site-config/collections/*.presentation.json",
  {
    eager: true,
    import: "default",
  },
);
const pageModules = import.meta.glob<Page>("../../site-config/pages/*.json", { eager: true, import: "default" });

const baseName = (file: string) => file.slice(file.lastIndexOf("/") + 1).replace(/\.json$/, "");

/** Forms by id (the file name). */
export const forms: Record<string, Form> = Object.fromEntries(
  Object.entries(formModules).map(([file, form]) => [baseName(file), form]),
);

/** Treatment collections' presentation configs, by collection id. */
export const presentations: Record<string, CollectionPresentation> = Object.fromEntries(
  Object.values(presentationModules).map((p) => [p.id, p]),
);

/** A page with the file it came from, so errors can name it. */
export interface PageEntry {
  file: string;
  page: Page;
}

/** Every page of site-config/pages/. */
export const pages: PageEntry[] = Object.entries(pageModules).map(([file, page]) => ({
  file: `site-config/pages/${baseName(file)}.json`,
  page,
}));

/**
 * Routes of one branch's or one speciality's page, from the page config that makes them
 * (site-config/pages/branch.json has route '/locations/:slug' and each 'branches'), so renaming
 * that route in config moves the branch chooser's and the footer's links with it.
 */
import { pageRefs } from "../config/pages";

type Each = "branches" | "specialities";

/** The spec's routes (section 2.1), used only when no page config makes the entries' pages. */
const defaults: Record<Each, string> = { branches: "/locations/:slug", specialities: "/specialities/:slug" };

const patterns: Record<Each, string> = {
  branches: pageRefs.find((p) => p.each === "branches")?.route ?? defaults.branches,
  specialities: pageRefs.find((p) => p.each === "specialities")?.route ?? defaults.specialities,
};

/** The page of the entry with `slug`: entryRoute("branches", "kukatpally") is '/locations/kukatpally'. */
export const entryRoute = (each: Each, slug: string) => patterns[each].replace(":slug", slug);

/**
 * Pages marked `lazy` (the doctor search) render through this module, which is its own chunk: the
 * code only they need is imported here, and loaded before the page first renders.
 */
import { preloadDoctorSearch } from "../blocks/doctor-search";
import type { Page } from "../generated/page";
import { PageView } from "./PageView";

/** Loads what the lazy pages need before they render (so a prerendered page hydrates at once). */
export const preloadLazyPage = preloadDoctorSearch;

export function LazyPage({ page, file }: { page: Page; file: string }) {
  return <PageView page={page} file={file} />;
}

/**
 * Pages marked `lazy` (the doctor search) render through this module, which is its own chunk:
 * the code only they need is imported here, so it stays out of the main bundle.
 */
import type { Page } from "../generated/page";
import { PageView } from "./PageView";

export function LazyPage({ page, file }: { page: Page; file: string }) {
  return <PageView page={page} file={file} />;
}

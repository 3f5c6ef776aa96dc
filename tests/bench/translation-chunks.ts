/**
 * Which built scripts hold translated texts rather than code, from the build's manifest: the
 * chunks made of translation files (site-config/i18n/…) and each language's layout translations
 * (the `layout-{code}` chunk of src/build/vite/chunk-groups.ts). A translated page's first load
 * is reported with these apart, as its fonts are: they are its texts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
}

/** The paths ('/assets/….js') of the built scripts that hold translations. */
export function translationChunks(distDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const texts = Object.entries(manifest).filter(
    ([key, chunk]) => key.startsWith("site-config/i18n/") || /^layout-[a-z]{2,3}$/.test(chunk.name ?? ""),
  );
  return new Set(texts.map(([, chunk]) => `/${chunk.file}`));
}

/**
 * Which built scripts a page loads only because it is in another language than the default, from
 * the build's manifest: the chunks made of translation files (site-config/i18n/…), each language's
 * layout translations (the `layout-{code}` chunk of src/build/vite/chunk-groups.ts) and the
 * translation runtime that applies them (its `translations` chunk, src/site/i18n/
 * translation-runtime.ts). A translated page's first load is reported with these apart, as its
 * fonts are: the rest should be the default language's page's code, byte for byte.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  dynamicImports?: string[];
}

/** The paths ('/assets/….js') of the built scripts that hold translations or apply them. */
export function translationChunks(distDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const texts = Object.entries(manifest).filter(
    ([key, chunk]) =>
      key.startsWith("site-config/i18n/") ||
      key === "src/site/i18n/translation-runtime.ts" ||
      /^(layout-[a-z]{2,3}|translations)$/.test(chunk.name ?? ""),
  );
  // And what the runtime imports when a page needs it (the English interface words it translates
  // come through a small module of their own).
  const loaded = texts.flatMap(([, chunk]) => chunk.dynamicImports ?? []).filter((key) => manifest[key]);
  return new Set([...texts.map(([, chunk]) => `/${chunk.file}`), ...loaded.map((key) => `/${manifest[key].file}`)]);
}

/**
 * Serves the collections' data files while developing (`npm run dev`, the editor), at the paths
 * the build writes them to (src/shared/collections/data-files.ts): a treatment's own file, its
 * texts in a language, the index, the list pages, the built-in copies and the spec's whole file,
 * made from site-config/collections/ and site-config/i18n/ on each request, from a collection file
 * or folder alike. Anything else under those paths is a 404, as on the built site. (`npm run
 * build` writes the files itself.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import path from "node:path";
import type { Plugin } from "vite";
import {
  builtInModule,
  dataPaths,
  defaultListPageSize,
  listPages,
  treatmentDataJson,
  treatmentIndex,
} from "../../shared/collections/data-files.ts";
import { locateCollection, readStoredCollection, wholeCollection } from "../../shared/collections/store.ts";
import { readTreatmentTranslations, translatedLanguages } from "../../shared/collections/treatment-translations.ts";
import type { TreatmentCollection } from "../../shared/generated/collection.ts";

type Reader = (file: string) => Promise<string | Buffer>;

/** The data a path asks for, or undefined when there is none. */
async function answer(
  collectionsDir: string,
  url: string,
  read: Reader,
): Promise<{ type: string; body: string } | undefined> {
  const siteRoot = path.dirname(collectionsDir);
  const text = (type: string, body: string) => ({ type: `${type}; charset=utf-8`, body });
  const translation =
    /^\/assets\/(data|builtin)\/([a-zA-Z-]+)\/([a-z0-9-]+-sub-departments)\/([a-z0-9-]+)\.(json|js)$/.exec(url);
  if (translation) {
    const [, kind, lang, stem, slug, ext] = translation;
    const location = locateCollection(collectionsDir, `${stem}.json`);
    const strings = location ? readTreatmentTranslations(siteRoot, location)[lang]?.[slug] : undefined;
    if (!strings || ext !== (kind === "data" ? "json" : "js")) return undefined;
    const json = JSON.stringify({ strings });
    return kind === "data" ? text("application/json", json) : text("text/javascript", builtInModule(json));
  }
  const match = /^\/assets\/(data|builtin)\/([a-z0-9-]+-sub-departments)(?:\.json|\/(.+))$/.exec(url);
  if (!match) return undefined;
  const [, kind, stem, rest] = match;
  const dataFile = `${stem}.json`;
  const location = locateCollection(collectionsDir, dataFile);
  if (!location) return undefined;
  // A collection file through `read` (npm run dev: the last valid text while the file has errors).
  const collection =
    location.storage === "file"
      ? (JSON.parse(String(await read(location.path))) as TreatmentCollection)
      : wholeCollection(readStoredCollection(location));
  const json = (value: unknown) => ({ type: "application/json; charset=utf-8", body: JSON.stringify(value) });
  const module = (value: unknown) => ({
    type: "text/javascript; charset=utf-8",
    body: builtInModule(JSON.stringify(value)),
  });
  const asked = `assets/${kind}/${stem}${rest ? `/${rest}` : ".json"}`;
  if (asked === dataPaths.whole(dataFile)) return json(collection);
  const index = treatmentIndex(collection, collection.sub_departments);
  if (asked === dataPaths.index(dataFile)) return json(index);
  if (asked === dataPaths.builtInIndex(dataFile)) return module(index);
  const page = /^_pages\/(\d+)\.json$/.exec(rest ?? "");
  if (kind === "data" && page) {
    // With each treatment's names in other languages, as the build publishes them.
    const translations = readTreatmentTranslations(siteRoot, location);
    const listed = collection.sub_departments.map(({ slug, name }) => {
      const names = Object.fromEntries(
        Object.entries(translations).flatMap(([lang, bySlug]) =>
          bySlug[slug]?.name ? [[lang, bySlug[slug].name]] : [],
        ),
      );
      return { slug, name, names };
    });
    const list = listPages(listed, listSize(collectionsDir, dataFile))[Number(page[1]) - 1];
    return list ? json(list) : undefined;
  }
  const slug = /^([a-z0-9-]+)\.(json|js)$/.exec(rest ?? "");
  const item = slug && collection.sub_departments.find((s) => s.slug === slug[1]);
  if (!slug || !item) return undefined;
  const translated = translatedLanguages(readTreatmentTranslations(siteRoot, location))[item.slug];
  const data = treatmentDataJson(collection, item, translated);
  if (asked === dataPaths.treatment(dataFile, item.slug)) return text("application/json", data);
  if (asked === dataPaths.builtInTreatment(dataFile, item.slug)) return text("text/javascript", builtInModule(data));
  return undefined;
}

/** The list page size the presentation naming `dataFile` gives. */
function listSize(collectionsDir: string, dataFile: string): number {
  for (const name of readdirSync(collectionsDir).filter((n) => n.endsWith(".presentation.json"))) {
    const presentation = JSON.parse(readFileSync(path.join(collectionsDir, name), "utf8"));
    if (presentation.dataFile === dataFile) return presentation.listPageSize ?? defaultListPageSize;
  }
  return defaultListPageSize;
}

function notFound(res: ServerResponse) {
  res.statusCode = 404;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end("Not found.");
}

/** `read` gives a config file's text; `npm run dev` passes the config check's (config-check-plugin.ts). */
export function siteDataPlugin(root: string, read: Reader = (file) => readFile(file)): Plugin {
  const collectionsDir = path.join(root, "site-config", "collections");
  return {
    name: "site-data",
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = decodeURI(req.url?.split("?")[0] ?? "");
        if (!url.startsWith("/assets/data/") && !url.startsWith("/assets/builtin/")) return next();
        try {
          const found = await answer(collectionsDir, url, read);
          if (!found) return notFound(res);
          res.setHeader("Content-Type", found.type);
          res.setHeader("Cache-Control", "no-store");
          res.end(found.body);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

/** What the development server answers for a path under /assets/data/ or /assets/builtin/ (tests). */
export const servedData = answer;

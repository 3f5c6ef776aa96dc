/**
 * What the editor's pickers offer, from the site being edited: its pages (every address, with
 * its title), its pictures, its specialities, branches and forms by name. Read from the files as
 * they are on disk when the editor asks (a file is opened, or saved), so a page added a moment
 * ago is offered.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { ChoicesResponse, PageChoice } from "../shared/api";

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const list = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((v): v is Json => !!v && typeof v === "object") : [];

async function readJson(file: string): Promise<Json | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as Json;
  } catch {
    return undefined; // a file that cannot be read offers nothing; the validator says why
  }
}

async function jsonFiles(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((n) => n.endsWith(".json")).map((n) => path.join(folder, n));
  } catch {
    return [];
  }
}

/** Every choice the pickers offer, for the site folder `siteRoot` and its pictures under `publicDir`. */
export async function siteChoices(siteRoot: string, publicDir: string): Promise<ChoicesResponse> {
  const [specialities, branches, posts] = await Promise.all(
    ["specialities.json", "branches.json", "blog-posts.json"].map((f) => readJson(path.join(siteRoot, f))),
  );
  const named = (data: Json | undefined, key: string) =>
    list(data?.[key]).flatMap((e) => {
      const slug = text(e.slug);
      return slug ? [{ slug, name: text(e.name) ?? text(e.title) ?? slug }] : [];
    });
  const entries: Record<string, { slug: string; name: string }[]> = {
    specialities: named(specialities, "specialities"),
    branches: named(branches, "branches"),
    posts: named(posts, "posts"),
  };

  const pages: PageChoice[] = [];
  for (const file of await jsonFiles(path.join(siteRoot, "pages"))) {
    const page = await readJson(file);
    const route = text(page?.route);
    const title = text((page?.meta as Json | undefined)?.title) ?? route ?? "";
    if (!route) continue;
    if (!route.endsWith("/:slug")) pages.push({ route, title, kind: "page" });
    else
      for (const entry of entries[text(page?.each) ?? ""] ?? [])
        pages.push({
          route: route.replace(/:slug$/, entry.slug),
          title: title.replace("{name}", entry.name),
          kind: "entry",
        });
  }
  const collections = path.join(siteRoot, "collections");
  for (const file of (await jsonFiles(collections)).filter((f) => f.endsWith(".presentation.json"))) {
    const presentation = await readJson(file);
    const route = text(presentation?.route);
    const dataFile = text(presentation?.dataFile);
    if (!route || !dataFile) continue;
    const data = await readJson(path.join(collections, dataFile));
    for (const t of list(data?.sub_departments)) {
      const slug = text(t.slug);
      if (slug) pages.push({ route: route.replace(/:slug$/, slug), title: text(t.name) ?? slug, kind: "treatment" });
    }
  }
  pages.sort((a, b) => a.route.localeCompare(b.route));

  const forms = (await jsonFiles(path.join(siteRoot, "forms"))).map(async (file) => {
    const form = await readJson(file);
    const id = path.basename(file, ".json");
    return { id, name: text(form?.name) ?? `${text(form?.title) ?? id} form` };
  });

  return {
    pages,
    images: await listImages(publicDir),
    specialities: entries.specialities,
    branches: entries.branches,
    forms: await Promise.all(forms),
  };
}

/** Every picture under public/images, as config names it ("/images/logo.svg"). */
async function listImages(publicDir: string): Promise<string[]> {
  const folder = path.join(publicDir, "images");
  try {
    const found = await readdir(folder, { recursive: true, withFileTypes: true });
    return found
      .filter((e) => e.isFile() && /\.(svg|png|jpe?g|webp|avif)$/i.test(e.name))
      .map((e) => `/${path.relative(publicDir, path.join(e.parentPath, e.name)).split(path.sep).join("/")}`)
      .sort();
  } catch {
    return [];
  }
}

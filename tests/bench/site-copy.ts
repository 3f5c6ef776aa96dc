/**
 * A temporary copy of the project whose cardiology collection holds N treatments cloned from the
 * real ones, for end-to-end benchmarks of `npm run build` (never written into site-config/ of the
 * checkout). The copy shares node_modules with the checkout through a link; its build cache is
 * its own (node_modules/.cache/site-build/ keeps one folder per checkout).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readCollections } from "../../src/shared/collections/store";
import { syntheticCollection } from "../helpers/synthetic";

const root = path.resolve(import.meta.dirname, "../..");

/** What the copy leaves out: what git leaves out, and the checkout's own build output. */
const skipped = new Set(["node_modules", "dist", ".git", ".tmp", "coverage", "test-results"]);

export interface SiteCopy {
  root: string;
  /** The collection's data file name ('cardiology-sub-departments.json'). */
  dataFile: string;
  remove: () => void;
}

/** What a fresh clone's `npm install` does not leave: every cache the build and its tools keep. */
const caches = new Set([".cache", ".vite", ".vite-temp"]);

/**
 * Copies the project and writes `count` cardiology treatments into it, as one file or as a
 * folder with one file per treatment. `fresh`: the copy is a fresh clone just installed, with a
 * node_modules/ of its own holding a link to each of the checkout's packages but none of its
 * caches (no build cache, no card or font subsets, no bundled CLI, no vite cache): its first
 * build makes everything from nothing.
 */
export function siteCopy(
  count: number,
  storage: "file" | "folder" = "folder",
  parent = os.tmpdir(),
  { fresh = false } = {},
): SiteCopy {
  const dir = mkdtempSync(path.join(parent, `site-${count}-`));
  for (const entry of readdirSync(root)) {
    if (skipped.has(entry)) continue;
    cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  if (fresh) {
    mkdirSync(path.join(dir, "node_modules"));
    for (const entry of readdirSync(path.join(root, "node_modules")))
      if (!caches.has(entry))
        symlinkSync(path.join(root, "node_modules", entry), path.join(dir, "node_modules", entry));
  } else symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  const dataFile = "cardiology-sub-departments.json";
  const collectionsDir = path.join(dir, "site-config", "collections");
  const real = readCollections(path.join(root, "site-config", "collections"))[dataFile];
  const synthetic = syntheticCollection(real, count);
  // The collection's translations name treatments the copy does not have (issue 15's drafts).
  for (const lang of readdirSync(path.join(dir, "site-config", "i18n"), { withFileTypes: true }))
    if (lang.isDirectory())
      rmSync(path.join(dir, "site-config", "i18n", lang.name, "collections", dataFile), { force: true });
  rmSync(path.join(collectionsDir, dataFile), { force: true });
  rmSync(path.join(collectionsDir, dataFile.replace(/\.json$/, "")), { recursive: true, force: true });
  if (storage === "file") {
    writeFileSync(
      path.join(collectionsDir, dataFile),
      `${JSON.stringify({ $schema: "../../schemas/collection.schema.json", ...synthetic }, null, 2)}\n`,
    );
  } else {
    const folder = path.join(collectionsDir, dataFile.replace(/\.json$/, ""));
    mkdirSync(folder);
    const { sub_departments: items, ...settings } = synthetic;
    writeFileSync(
      path.join(folder, "_collection.json"),
      `${JSON.stringify({ $schema: "../../../schemas/collection-settings.schema.json", ...settings }, null, 2)}\n`,
    );
    for (const item of items) {
      writeFileSync(
        path.join(folder, `${item.slug}.json`),
        `${JSON.stringify({ $schema: "../../../schemas/treatment-page.schema.json", ...item }, null, 2)}\n`,
      );
    }
  }
  return { root: dir, dataFile, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `siteCopy` as a git repository with the copy committed on `main`: what the hosted editor clones. */
export function committedSiteCopy(count: number, storage: "file" | "folder" = "folder"): SiteCopy {
  const copy = siteCopy(count, storage);
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Bench", "-c", "user.email=bench@example.com", ...args], {
      cwd: copy.root,
      env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" },
    });
  git("init", "--quiet", "--initial-branch=main");
  git("add", "-A");
  git("commit", "--quiet", "-m", "The site");
  return copy;
}

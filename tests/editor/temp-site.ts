/**
 * A copy of site-config/ in a temporary folder, for tests that save files: the real config is
 * never written by a test. schemas/ is linked beside it, because every file's "$schema" is a
 * path from the file to schemas/ and the validator checks it.
 */
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "../..");
export const realSiteRoot = path.join(projectRoot, "site-config");

export interface TempSite {
  /** The copy of site-config/. */
  siteRoot: string;
  /** An absolute path inside the copy, from a path like "site-config/navigation.json". */
  file: (editorPath: string) => string;
  remove: () => Promise<void>;
}

export async function copySite(): Promise<TempSite> {
  const folder = await mkdtemp(path.join(tmpdir(), "site-editor-test-"));
  const siteRoot = path.join(folder, "site-config");
  await cp(realSiteRoot, siteRoot, { recursive: true });
  await symlink(path.join(projectRoot, "schemas"), path.join(folder, "schemas"), "dir");
  return {
    siteRoot,
    file: (editorPath) => path.join(folder, editorPath),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

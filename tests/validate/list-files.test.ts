import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listJsonFiles } from "../../src/validation/list-files";

const root = mkdtempSync(path.join(os.tmpdir(), "list-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("listing a site's JSON files", () => {
  it("names each file as path.join names it, however the folder is written, sorted by name in each folder", () => {
    for (const file of ["b.json", "a/x.json", "a-x.json", "c.txt", ".hidden/h.json", "node_modules/n.json"]) {
      mkdirSync(path.dirname(path.join(root, "site", file)), { recursive: true });
      writeFileSync(path.join(root, "site", file), "{}");
    }
    const names = ["a/x.json", "a-x.json", "b.json"];
    const relative = path.relative(process.cwd(), path.join(root, "site"));
    for (const folder of [relative, `./${relative}/`, `${relative}//a/..`, path.join(root, "site"), `${root}/site/`])
      expect({ folder, files: listJsonFiles(folder) }).toEqual({
        folder,
        files: names.map((name) => path.join(folder, name)),
      });
  });
});

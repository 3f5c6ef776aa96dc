/**
 * The checks behind the editor's Check and Save, on a copy of site-config/: the validator run in
 * the editor's own process, over the candidate text, with no copy of the site and no program
 * started (every way of starting one is replaced here by a trap that records the attempt).
 */
import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { candidateChecker } from "../../src/editor/server/check";
import { printJson } from "../../src/editor/shared/json-format";
import { copySite, projectRoot, type TempSite } from "./temp-site";

const started = vi.hoisted(() => [] as string[]);
vi.mock("node:child_process", async (original) => {
  const real = await original<typeof import("node:child_process")>();
  const trap =
    (name: string) =>
    (...args: unknown[]) => {
      started.push(`${name} ${String(args[0])}`);
      throw new Error(`The editor's check started a program (${name}).`);
    };
  const traps = ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"];
  return { ...real, ...Object.fromEntries(traps.map((name) => [name, trap(name)])) };
});

let site: TempSite;
/** A project folder holding schemas/ and nothing else: no scripts/validate.*, no node_modules. */
let bareProject: string;

beforeAll(async () => {
  site = await copySite();
  bareProject = await mkdtemp(path.join(tmpdir(), "editor-check-project-"));
  await symlink(path.join(projectRoot, "schemas"), path.join(bareProject, "schemas"), "dir");
});

afterAll(async () => {
  await site?.remove();
  if (bareProject) await rm(bareProject, { recursive: true, force: true });
});

const navigation = "site-config/navigation.json";
type Navigation = { items: { label: string; route: string }[] };

/** A checker of the copy, as the editor's server makes one, and the navigation file's text with `change` made. */
async function setup(change: (data: Navigation) => void) {
  const check = candidateChecker({
    projectRoot: bareProject,
    siteRoot: site.siteRoot,
    publicDir: path.join(projectRoot, "public"),
  });
  const before = await readFile(site.file(navigation), "utf8");
  const data = JSON.parse(before);
  change(data);
  return { check, before, text: printJson(data, before) };
}

describe("the editor's check", () => {
  it("runs in the editor's process: it starts no program and needs no validate script", async () => {
    const { check, text } = await setup((data) => {
      data.items[2].route = "/no-such-page";
    });
    const result = await check(site.file(navigation), text);
    expect(result.errors.map((e) => [e.file, e.pointer, e.name])).toEqual([
      [navigation, "/items/2/route", "UnknownRoute"],
    ]);
    expect(started).toEqual([]);
  });

  it("reads the candidate text, not the file on disk", async () => {
    const { check, before, text } = await setup((data) => {
      data.items[1].label = "";
    });
    // On disk: another mistake, which the candidate does not have.
    await writeFile(site.file(navigation), before.replace('"route": "/contact-us"', '"route": "/nowhere"'));
    try {
      const result = await check(site.file(navigation), text);
      expect(result.errors.map((e) => e.pointer)).toEqual(["/items/1/label"]);
      expect(result.errors[0].line).toBe(text.split("\n").findIndex((l) => l.includes('"label": ""')) + 1);
    } finally {
      await writeFile(site.file(navigation), before);
    }
  });

  it("counts a problem in another file as the change's only if it was not there before", async () => {
    const footer = site.file("site-config/footer.json");
    const footerText = await readFile(footer, "utf8");
    const broken = footerText.replace('"route": "/feedback"', '"route": "/feedbak"');
    expect(broken).not.toBe(footerText);
    await writeFile(footer, broken);
    try {
      const { check, text } = await setup((data) => {
        data.items[1].label = "Who We Are";
      });
      expect(await check(site.file(navigation), text)).toMatchObject({ errors: [], warnings: [] });
    } finally {
      await writeFile(footer, footerText);
    }
  });
});

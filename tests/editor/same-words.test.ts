/**
 * One catalogue: a mistake made in the editor is the problem `npm run validate` finds, the same
 * catalogue entry at the same place, both when a save is refused and while the person types. The
 * words differ only where the CLI names a property as written in the file ('label') and the editor
 * names the field as its form shows it ('Label'), without the schema file the CLI's hint names.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveProblems } from "../../src/editor/app/problems";
import { type RunningEditor, startEditorServer } from "../../src/editor/server/server";
import type { FileResponse, RefusedResponse } from "../../src/editor/shared/api";
import { type ConfigFileInfo, describeFile } from "../../src/editor/shared/config-files";
import { printJson } from "../../src/editor/shared/json-format";
import type { Problem } from "../../src/validation";
import { validate } from "../validate/helpers";
import { copySite, projectRoot, type TempSite } from "./temp-site";

let edited: TempSite;
let saved: TempSite;
let editor: RunningEditor;

beforeAll(async () => {
  [edited, saved] = await Promise.all([copySite(), copySite()]);
  editor = await startEditorServer({ siteRoot: edited.siteRoot, port: 0, app: false, projectRoot });
});

afterAll(async () => {
  await editor?.close();
  await Promise.all([edited?.remove(), saved?.remove()]);
});

const file = "site-config/navigation.json";

/** The navigation file with two mistakes: an emptied label and a route no page has. */
function withMistakes(data: { items: { label?: string; route?: string }[] }) {
  delete data.items[1].label;
  data.items[2].route = "/no-such-page";
}

/** What `npm run validate -- --format json` says of the site with `text` saved as the navigation file. */
async function cliProblems(text: string): Promise<Problem[]> {
  await writeFile(saved.file(file), text);
  const run = await validate(["--root", "site-config", "--format", "json"], path.dirname(saved.siteRoot));
  expect(run.code).toBe(1);
  return (JSON.parse(run.stdout) as { errors: Problem[] }).errors.filter((p) => p.file === file);
}

describe("the editor and the validate CLI", () => {
  it("refuse a save with the same problems, word for word, at the same places", async () => {
    const opened = (await (await fetch(`${editor.url}/editor/api/file?path=${file}`)).json()) as FileResponse;
    const data = JSON.parse(opened.text);
    withMistakes(data);
    const response = await fetch(`${editor.url}/editor/api/file`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: file, data, baseHash: opened.hash }),
    });
    expect(response.status).toBe(400);
    const refused = (await response.json()) as RefusedResponse;
    const cli = await cliProblems(printJson(data, opened.text));
    // The Telugu and Hindi translations of the removed label are not called stale while the
    // navigation itself is broken: its own problems are the ones to fix.
    const own = refused.errors.filter((p) => p.file === file);
    expect(own.map((p) => p.name)).toEqual(["MissingProperty", "UnknownRoute"]);
    const place = (p: Problem) => [p.file, p.line, p.column, p.pointer, p.name, p.severity];
    expect(own.map(place)).toEqual(cli.map(place));
    expect(cli[0].message).toBe(
      "Expected the property 'label' (the words visitors see in the menu), but this menu entry has none.",
    );
    expect(cli[0].hint).toBe("see schemas/navigation.schema.json");
    expect(own[0]).toMatchObject({ message: "Fill in 'Label': this menu entry needs it.", hint: null });
    expect(own[1]).toEqual(cli[1]);
    expect(refused.errors.filter((p) => p.file !== file)).toEqual([]);
  });

  it("word a mistake the same while the person types", async () => {
    const text = await readFile(edited.file(file), "utf8");
    const data = JSON.parse(text);
    withMistakes(data);
    const live = liveProblems(describeFile(file, data) as ConfigFileInfo, data, text);
    const cli = await cliProblems(printJson(data, text));
    expect(live).toEqual([
      { ...cli[0], pointer: "/items/1/label", message: "Fill in 'Label': this menu entry needs it.", hint: null },
    ]);
  });
});

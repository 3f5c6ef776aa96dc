/**
 * The editor server's API, over real HTTP on 127.0.0.1, saving into a copy of site-config/ and
 * checking with the real validator, in the server's process.
 */
import { readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileAtomic } from "../../src/editor/server/atomic-write";
import { hashText } from "../../src/editor/server/config-store";
import { type RunningEditor, startEditorServer } from "../../src/editor/server/server";
import type {
  ConflictResponse,
  FileListResponse,
  FileResponse,
  RawFileResponse,
  RefusedResponse,
  SaveResponse,
} from "../../src/editor/shared/api";
import { copySite, projectRoot, type TempSite } from "./temp-site";

let site: TempSite;
let editor: RunningEditor;

beforeAll(async () => {
  site = await copySite();
  editor = await startEditorServer({ siteRoot: site.siteRoot, port: 0, app: false, projectRoot });
});

afterAll(async () => {
  await editor?.close();
  await site?.remove();
});

const api = (p: string) => `${editor.url}/editor/api/${p}`;

async function open(file: string): Promise<FileResponse> {
  const response = await fetch(api(`file?path=${encodeURIComponent(file)}`));
  expect(response.status).toBe(200);
  return response.json();
}

async function save(file: string, data: unknown, baseHash: string, headers: Record<string, string> = {}) {
  const response = await fetch(api("file"), {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ path: file, data, baseHash }),
  });
  return { status: response.status, body: await response.json() };
}

/** Opens a file, changes its data, saves it: the answer, and the file's text before and after. */
// biome-ignore lint/suspicious/noExplicitAny: the tests reach into config files of every shape.
type Loose = any;

async function edit(file: string, change: (data: Loose) => void) {
  const opened = await open(file);
  const data = JSON.parse(opened.text);
  change(data);
  const answer = await save(file, data, opened.hash);
  return { ...answer, before: opened.text, after: await readFile(site.file(file), "utf8") };
}

/**
 * Puts a copy of the collection's first treatment second, renamed: its own slug, name, path and
 * canonical address, and whatever else `own` gives it.
 */
function insertCopy(data: Loose, slug: string, name: string, own: Record<string, string> = {}) {
  const copy = structuredClone(data.sub_departments[0]);
  const url = `/specialities/cardiology/${slug}`;
  Object.assign(copy, { slug, name, url, canonical_url: `https://www.hospitals.example${url}`, ...own });
  data.sub_departments.splice(1, 0, copy);
}

describe("editor API: listing and opening", () => {
  it("lists every config file by what it is", async () => {
    const { files } = (await (await fetch(api("files"))).json()) as FileListResponse;
    const labels = files.map((f) => f.label);
    expect(labels.slice(0, 5)).toEqual(["Site settings", "Navigation", "Footer", "Branches", "Specialities"]);
    expect(labels).toEqual(
      expect.arrayContaining([
        "/home",
        "/contact-us",
        "Cardiology treatments",
        "Orthopedics treatments",
        "Appointment form on treatment pages",
        "Booking pop-up form (header and side buttons)",
      ]),
    );
    const onDisk = await readdir(site.siteRoot, { recursive: true });
    // Translations are opened through their English file and a language, not listed.
    const english = onDisk.filter((f) => String(f).endsWith(".json") && !String(f).startsWith("i18n"));
    expect(files).toHaveLength(english.length);
  });

  it("opens a file with its exact text and a hash of it", async () => {
    const opened = await open("site-config/site.json");
    const text = await readFile(site.file("site-config/site.json"), "utf8");
    expect(opened.text).toBe(text);
    expect(opened.hash).toBe(hashText(text));
    expect(opened.info).toMatchObject({ kind: "site", schema: "site.schema.json", label: "Site settings" });
  });

  it("refuses paths outside the site folder", async () => {
    for (const bad of [
      "site-config/../package.json",
      "package.json",
      "site-config/.hidden.json",
      "site-config/x.txt",
    ]) {
      const response = await fetch(api(`file?path=${encodeURIComponent(bad)}`));
      expect(response.status, bad).toBe(404);
    }
  });

  it("neither reads nor writes through a symbolic link that leads out of the site folder", async () => {
    const outside = path.join(path.dirname(site.siteRoot), "outside-secret.json");
    await writeFile(outside, "XYZZY outside, not JSON");
    await symlink(outside, site.file("site-config/pages/leak.json"));
    await symlink(path.dirname(site.siteRoot), site.file("site-config/pages/up"));
    for (const bad of ["site-config/pages/leak.json", "site-config/pages/up/outside-secret.json"]) {
      const response = await fetch(api(`file?path=${encodeURIComponent(bad)}`));
      expect(response.status, bad).toBe(404);
      expect(await response.text(), bad).not.toContain("XYZZY");
    }
    const footer = JSON.parse((await open("site-config/footer.json")).text);
    const written = await save("site-config/pages/up/outside-secret.json", footer, hashText("x"));
    expect(written.status).toBe(404);
    expect(await readFile(outside, "utf8")).toBe("XYZZY outside, not JSON");
    const { files } = (await (await fetch(api("files"))).json()) as FileListResponse;
    expect(files.map((f) => f.path).filter((p) => p.includes("leak") || p.includes("/up/"))).toEqual([]);
    // The links would trouble the other tests' whole-site checks.
    await Promise.all(
      [site.file("site-config/pages/leak.json"), site.file("site-config/pages/up"), outside].map((f) => rm(f)),
    );
  });
});

describe("editor API: saving with no change", () => {
  it("leaves every config file byte-identical", async () => {
    const { files } = (await (await fetch(api("files"))).json()) as FileListResponse;
    for (const file of files) {
      const before = await stat(site.file(file.path));
      const opened = await open(file.path);
      // As the form hands data back: a new object, keys possibly in another order.
      const data = Object.fromEntries(Object.entries(JSON.parse(opened.text)).reverse());
      const { status, body } = await save(file.path, data, opened.hash);
      expect(status, file.path).toBe(200);
      expect((body as SaveResponse).text).toBe(opened.text);
      expect(await readFile(site.file(file.path), "utf8")).toBe(opened.text);
      expect((await stat(site.file(file.path))).mtimeMs, `${file.path} was not rewritten`).toBe(before.mtimeMs);
    }
  });
});

describe("editor API: saving a change", () => {
  it("writes the change and nothing else, keeping the file's layout", async () => {
    const { status, before, after, body } = await edit("site-config/site.json", (data) => {
      data.logo.alt = "Home page";
    });
    expect(status).toBe(200);
    expect(after).toBe(before.replace('"alt": "Sample Multi-Specialty Hospitals home"', '"alt": "Home page"'));
    expect((body as SaveResponse).hash).toBe(hashText(after));
  });

  it("keeps non-ASCII text as it is", async () => {
    const file = "site-config/collections/orthopedics-sub-departments.json";
    const { status, before, after } = await edit(file, (data) => {
      data.location = "Hyderabad ";
    });
    expect(status).toBe(200);
    expect(before).toContain("₹");
    expect(after).toBe(before.replace('"location": "Hyderabad"', '"location": "Hyderabad "'));
  });

  it("adds a treatment page duplicated from another, renamed", async () => {
    const file = "site-config/collections/cardiology-sub-departments.json";
    const { status, after } = await edit(file, (data) =>
      insertCopy(data, "heart-failure-clinic", "Heart Failure Clinic", {
        meta_title: "Heart Failure Clinic in Kukatpally",
        meta_description: "Our heart failure clinic in Kukatpally: follow-up, medicines and device checks.",
      }),
    );
    expect(status).toBe(200);
    expect(JSON.parse(after).sub_departments[1].slug).toBe("heart-failure-clinic");
  });

  it("refuses a copy that keeps the original's title and description, naming the original", async () => {
    const file = "site-config/collections/cardiology-sub-departments.json";
    const { status, body } = await edit(file, (data) =>
      insertCopy(data, "heart-failure-day-care", "Heart Failure Day Care"),
    );
    expect(status).toBe(400);
    const refused = body as RefusedResponse;
    expect(refused.errors.map((e) => [e.pointer, e.name])).toEqual([
      ["/sub_departments/1/meta_title", "DuplicatePageValue"],
      ["/sub_departments/1/meta_description", "DuplicatePageValue"],
    ]);
    expect(refused.errors[0].message).toContain(
      "is also the browser title of 'Heart Failure' (site-config/collections/cardiology-sub-departments.json:",
    );
  });
});

describe("editor API: invalid config cannot be saved", () => {
  it("answers 400 with the validator's errors at their fields, and writes nothing", async () => {
    const { status, body, before, after } = await edit("site-config/navigation.json", (data) => {
      data.items[1].label = "";
      data.items[2].route = "/no-such-page";
    });
    expect(status).toBe(400);
    const refused = body as RefusedResponse;
    expect(refused.message).toBe("Not saved: 2 problems need fixing first.");
    expect(refused.errors.map((e) => [e.pointer, e.severity])).toEqual([
      ["/items/1/label", "error"],
      ["/items/2/route", "error"],
    ]);
    expect(refused.errors[1].message).toMatch(/no page has the route '\/no-such-page'/);
    expect(after).toBe(before);
  });

  it("refuses to turn on 'production' while the publish check finds problems, and names them", async () => {
    const { status, body, before, after } = await edit("site-config/site.json", (data) => {
      data.production = true;
    });
    expect(status).toBe(400);
    const refused = body as RefusedResponse;
    expect(refused.errors.length).toBeGreaterThan(0);
    // The placeholders and sample entries the build would refuse, in the files that hold them.
    const files = new Set(refused.errors.map((e) => e.file));
    expect(files).toContain("site-config/site.json");
    expect(files).toContain("site-config/doctors.json");
    expect(refused.errors.find((e) => e.pointer === "/contact/phoneTel")?.message).toMatch(
      /is a placeholder: before publishing/,
    );
    expect(after).toBe(before);
  });

  it("refuses a second treatment page with the same slug", async () => {
    const { status, body } = await edit("site-config/collections/orthopedics-sub-departments.json", (data) => {
      data.sub_departments.push(structuredClone(data.sub_departments[0]));
    });
    expect(status).toBe(400);
    expect((body as RefusedResponse).errors[0].pointer).toMatch(/^\/sub_departments\/5\/slug$/);
  });

  it("refuses a change that breaks another file, naming that file", async () => {
    const { status, body } = await edit("site-config/pages/feedback.json", (data) => {
      data.route = "/your-feedback";
    });
    expect(status).toBe(400);
    const others = (body as RefusedResponse).errors.filter((e) => e.file !== "site-config/pages/feedback.json");
    expect(others.length).toBeGreaterThan(0);
    expect(others[0].message).toMatch(/'\/feedback'/);
    expect(others.map((e) => e.file)).toContain("site-config/footer.json");
  });

  it("refuses unsafe HTML in content", async () => {
    const { status, body } = await edit("site-config/collections/cardiology-sub-departments.json", (data) => {
      data.sub_departments[0].content.sections[0].subsections[0].list = ["<script>alert(1)</script>Fast"];
    });
    expect(status).toBe(400);
    expect((body as RefusedResponse).errors[0].pointer).toBe(
      "/sub_departments/0/content/sections/0/subsections/0/list/0",
    );
  });

  it("refuses a changed $schema and data that is not an object", async () => {
    const opened = await open("site-config/footer.json");
    const data = { ...JSON.parse(opened.text), $schema: "../schemas/site.schema.json" };
    expect((await save("site-config/footer.json", data, opened.hash)).status).toBe(400);
    expect((await save("site-config/footer.json", [1], opened.hash)).status).toBe(400);
  });
});

describe("editor API: a file that is not valid JSON", () => {
  const file = "site-config/pages/feedback.json";

  it("is listed with the validator's words and place, opens as text, and is saved once mended", async () => {
    const good = await readFile(site.file(file), "utf8");
    const broken = good.replace('"route"', '"route" "');
    await writeFile(site.file(file), broken);
    try {
      const { files } = (await (await fetch(api("files"))).json()) as FileListResponse;
      const listed = files.find((f) => f.path === file);
      expect(listed?.broken?.line).toBe(3);
      expect(listed?.detail).toBe("Not valid JSON (line 3)");
      const raw = (await (await fetch(api(`raw?path=${encodeURIComponent(file)}`))).json()) as RawFileResponse;
      expect(raw.text).toBe(broken);
      expect(raw.mistake?.message).toBe(listed?.broken?.message);
      const put = (text: string, baseHash: string) =>
        fetch(api("raw"), {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ path: file, text, baseHash }),
        });
      const still = await put(broken.replace('"route" "', '"route" :'), raw.hash);
      expect(still.status).toBe(400);
      expect(((await still.json()) as { message: string }).message).toMatch(/^Not saved: line 3, column \d+: /);
      const mended = await put(good, raw.hash);
      expect(mended.status).toBe(200);
      expect(await readFile(site.file(file), "utf8")).toBe(good);
      const after = (await (await fetch(api("files"))).json()) as FileListResponse;
      expect(after.files.find((f) => f.path === file)?.broken).toBeUndefined();
    } finally {
      await writeFile(site.file(file), good);
    }
  });
});

describe("editor API: a file changed on disk since it was opened", () => {
  it("answers 409 and keeps the other change", async () => {
    const file = "site-config/specialities.json";
    const opened = await open(file);
    const theirs = opened.text.replace('"name": "ENT"', '"name": "Ear, Nose and Throat"');
    await writeFile(site.file(file), theirs);
    const data = JSON.parse(opened.text);
    data.specialities[0].summary = "Mine.";
    const { status, body } = await save(file, data, opened.hash);
    expect(status).toBe(409);
    expect((body as ConflictResponse).message).toMatch(/was changed on disk after you opened it/);
    expect((body as ConflictResponse).hash).toBe(hashText(theirs));
    expect(await readFile(site.file(file), "utf8")).toBe(theirs);
  });
});

describe("editor API: only the editor's own pages may call it", () => {
  it("refuses other origins, other hosts and non-JSON bodies", async () => {
    const opened = await open("site-config/footer.json");
    const data = JSON.parse(opened.text);
    expect((await save("site-config/footer.json", data, opened.hash, { Origin: "https://evil.example" })).status).toBe(
      403,
    );
    const plain = await fetch(api("file"), { method: "PUT", headers: { "Content-Type": "text/plain" }, body: "{}" });
    expect(plain.status).toBe(415);
    // A page of another site that points its own name at 127.0.0.1 (DNS rebinding).
    const port = new URL(editor.url).port;
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(
        { host: "127.0.0.1", port, path: "/editor/api/files", headers: { Host: `evil.example:${port}` } },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      request.on("error", reject);
      request.end();
    });
    expect(status).toBe(403);
  });

  it("answers 4xx in words to a malformed Origin and to a body nested past any config file", async () => {
    for (const origin of ["http://[", "null", "%%%", "http://exa mple"]) {
      const response = await fetch(api("files"), { headers: { Origin: origin } });
      expect(response.status, origin).toBe(403);
      expect(await response.json(), origin).toMatchObject({
        message: "The editor's API only answers the editor's own pages.",
      });
    }
    const deep = await fetch(api("file"), {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    });
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({
      message: "The request nests deeper than 64 levels; no config file does.",
    });
  });
});

describe("atomic write", () => {
  it("replaces the file by renaming a complete temporary file over it, leaving nothing behind", async () => {
    const file = site.file("site-config/pages/careers.json");
    const before = await stat(file);
    await writeFileAtomic(file, '{\n  "x": 1\n}\n');
    const after = await stat(file);
    expect(await readFile(file, "utf8")).toBe('{\n  "x": 1\n}\n');
    expect(after.ino).not.toBe(before.ino);
    expect(after.mode).toBe(before.mode);
    const leftovers = (await readdir(path.dirname(file))).filter((f) => f.endsWith(".tmp"));
    expect(leftovers).toEqual([]);
  });

  it("leaves the original untouched when the write is cancelled before the rename", async () => {
    const file = site.file("site-config/pages/blogs.json");
    const original = await readFile(file, "utf8");
    await expect(
      writeFileAtomic(file, "{}", {
        beforeRename: () => {
          throw new Error("cancelled");
        },
      }),
    ).rejects.toThrow("cancelled");
    expect(await readFile(file, "utf8")).toBe(original);
    expect((await readdir(path.dirname(file))).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("never shows a reader a partly written file, flushed to disk or not (a hosted editor's saves)", async () => {
    const file = site.file("site-config/pages/thank-you.json");
    const big = (n: number) => `${JSON.stringify({ n, filler: "x".repeat(400_000) }, null, 2)}\n`;
    await writeFile(file, big(0));
    let reading = true;
    const seen = new Set<number>();
    const reader = (async () => {
      while (reading) seen.add(JSON.parse(await readFile(file, "utf8")).n);
    })();
    for (let n = 1; n <= 20; n++) await writeFileAtomic(file, big(n), { flush: n % 2 === 0 });
    reading = false;
    await reader;
    expect(seen.size).toBeGreaterThan(1);
  });
});

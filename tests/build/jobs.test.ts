/**
 * The build's jobs in one thread: a worker runs them in batches, and a collection kept in one
 * file is parsed once for all of them (once per batch made a large file's build grow with the
 * square of its size).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inWorkOrder } from "../../src/build/plan/order";
import { type Job, type JobCatalog, type JobContext, runJobs } from "../../src/build/prerender/jobs";
import { dataPaths } from "../../src/shared/collections/data-files";

const dataFile = "cardiology-sub-departments.json";
const noPages = { render: async () => "", pageInfo: async () => ({}) as never, lists: {} };

describe("build jobs in one thread", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "jobs-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const collection = (names: string[]) =>
    JSON.stringify({
      speciality: "Cardiology",
      location: "Hyderabad",
      sub_departments: names.map((name) => ({ slug: name.toLowerCase(), name })),
    });
  const context = (file: string): JobContext => {
    const catalog: JobCatalog = {
      catalog: { [dataFile]: { speciality: "Cardiology", location: "Hyderabad", items: [] } },
      sources: { [dataFile]: { a: { file, index: 0 }, b: { file, index: 1 } } },
      translations: {},
    };
    return { distDir: path.join(dir, "dist"), template: "", catalog, incremental: false };
  };
  /** The name the treatment's published data file gives it. */
  const published = (slug: string) =>
    JSON.parse(readFileSync(path.join(dir, "dist", dataPaths.treatment(dataFile, slug)), "utf8")).sub_departments[0]
      .name;
  const job = (slug: string): Job => ({ kind: "treatment-data", dataFile, slug });

  it("reads a collection file once for every batch run with the same catalog", async () => {
    const file = path.join(dir, dataFile);
    writeFileSync(file, collection(["A", "B"]));
    const shared = context(file);
    await runJobs([job("a")], shared, noPages);
    // Had the second batch read the file again, it would publish 'Changed' (or fail on the text).
    writeFileSync(file, collection(["Changed", "Changed too"]));
    await runJobs([job("b")], shared, noPages);
    expect([published("a"), published("b")]).toEqual(["A", "B"]);
  });

  it("reads the file again for a new build's catalog", async () => {
    const file = path.join(dir, dataFile);
    writeFileSync(file, collection(["A", "B"]));
    await runJobs([job("a")], context(file), noPages);
    writeFileSync(file, collection(["Changed", "B"]));
    await runJobs([job("a")], context(file), noPages);
    expect(published("a")).toBe("Changed");
  });
});

describe("the order the workers take jobs in", () => {
  const page = (english: string, lang: string, slug?: string): Job => {
    const path = lang === "en" ? english : `/${lang}${english}`;
    return {
      kind: "page",
      spec: slug
        ? { kind: "treatment", path, route: "/t/:slug", dataFile, slug, deps: [], lang, english }
        : ({ kind: "page", path, route: path, lang, english } as never),
    };
  };
  const data = (slug: string): Job => ({ kind: "treatment-data", dataFile, slug });

  it("runs a treatment's data job right after its pages, in every language, so it is read once", () => {
    const jobs: Job[] = [
      data("b"),
      { kind: "index-data", dataFile },
      page("/t/b", "en", "b"),
      page("/t/a", "en", "a"),
      data("gone"),
      page("/home", "en"),
      page("/t/a", "te", "a"),
      data("a"),
      page("/t/b", "te", "b"),
      { kind: "compress", file: "assets/app.js" },
    ];
    const names = inWorkOrder(jobs).map((job) =>
      job.kind === "page" ? job.spec.path : job.kind === "treatment-data" ? `data ${job.slug}` : job.kind,
    );
    expect(names).toEqual([
      "compress",
      "/home",
      "/t/a",
      "/te/t/a",
      "data a",
      "/t/b",
      "/te/t/b",
      "data b",
      "data gone",
      "index-data",
    ]);
  });
});

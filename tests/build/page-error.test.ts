/** A page that fails to build names its address, its file and pointer, and why: never a bare stack. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { JobCatalog } from "../../src/build/prerender/jobs";
import { pageBuildError, pageBuildErrorName } from "../../src/build/prerender/page-error";

const catalog: JobCatalog = {
  catalog: {},
  sources: {
    "cardiology-sub-departments.json": {
      angiography: { file: path.resolve("site-config/collections/cardiology-sub-departments.json"), index: 1 },
    },
  },
  translations: {
    "cardiology-sub-departments.json": {
      te: {
        angiography: {
          file: path.resolve("site-config/i18n/te/collections/cardiology-sub-departments.json"),
          storage: "file",
        },
      },
    },
  },
};

describe("a page that fails to build", () => {
  it("names the page, the file and pointer of its content, its translation, and what to do", () => {
    const error = pageBuildError(
      {
        kind: "treatment",
        path: "/te/specialities/cardiology/angiography",
        route: "/te/specialities/cardiology/:slug",
        dataFile: "cardiology-sub-departments.json",
        slug: "angiography",
        deps: [],
        lang: "te",
        english: "/specialities/cardiology/angiography",
      },
      catalog,
      new Error("text: invalid value"),
    );
    expect(error.name).toBe(pageBuildErrorName);
    expect(error.message).toBe(
      "The page /te/specialities/cardiology/angiography could not be built from " +
        "site-config/collections/cardiology-sub-departments.json at /sub_departments/1, with its 'te' texts in " +
        "site-config/i18n/te/collections/cardiology-sub-departments.json: text: invalid value. Run npm run validate: " +
        "it should name what is wrong there; if it finds nothing, the build has a bug, so report this message.",
    );
  });
});

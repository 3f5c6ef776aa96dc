/**
 * A treatment's texts in another language (src/site/collections/treatment-texts.ts): taken from
 * the page a prerendered page carries, fetched only for a treatment its English data file says is
 * translated into the language, from the built-in copy when the fetch fails, and English (no
 * texts) when neither loads.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dataPaths, type TreatmentData } from "../../src/shared/collections/data-files";
import { primeHydration } from "../../src/site/collections/hydration";
import { clearCollectionCache, setBuiltInLoader } from "../../src/site/collections/load";
import { treatmentTexts } from "../../src/site/collections/treatment-texts";
import { messages } from "../../src/site/ui/renderer-text";
import { builtInLoader, collections, dataFetch, publishedData, translations } from "../helpers/published-data";

const file = "orthopedics-sub-departments.json";
const slug = "total-knee-replacement";
const orthopedics = collections[file];
const item = orthopedics.sub_departments.find((s) => s.slug === slug);
if (!item) throw new Error(`The site has no ${slug}.`);
const english: TreatmentData = {
  speciality: orthopedics.speciality,
  location: orthopedics.location,
  sub_departments: [item],
};
const marked: TreatmentData = { ...english, translated: ["hi", "te"] };
const telugu = translations[file].te[slug];
const own = dataPaths.translation("te", file, slug);

let fetchMock: ReturnType<typeof vi.fn>;
let builtIn: ReturnType<typeof vi.fn<(path: string) => Promise<unknown>>>;
let errors: unknown[][];

beforeEach(() => {
  clearCollectionCache();
  fetchMock = dataFetch();
  vi.stubGlobal("fetch", fetchMock);
  builtIn = vi.fn<(path: string) => Promise<unknown>>(builtInLoader());
  setBuiltInLoader(builtIn);
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const fetched = () => fetchMock.mock.calls.map(([url]) => url);
const status = (tracked: Promise<unknown>) => (tracked as Promise<unknown> & { status?: string }).status;

describe("a treatment's texts in another language", () => {
  it("are what the prerendered page carries, at once, with no request", async () => {
    primeHydration(`/te/specialities/orthopedics/${slug}`, {
      treatment: { file, data: english, translation: { lang: "te", strings: telugu } },
    });
    const texts = treatmentTexts(file, english, "te");
    expect(status(texts)).toBe("fulfilled");
    expect(await texts).toEqual(telugu);
    expect(fetched()).toEqual([]);
    expect(builtIn).not.toHaveBeenCalled();
  });

  it("are fetched, once, for a treatment its data file marks as translated into the language", async () => {
    expect(await treatmentTexts(file, marked, "te")).toEqual(telugu);
    expect(await treatmentTexts(file, marked, "te")).toEqual(telugu);
    expect(fetched()).toEqual([`/${own}`]);
    expect(errors).toEqual([]);
  });

  it("come from the built-in copy when the fetch fails, and that is logged", async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await treatmentTexts(file, marked, "te")).toEqual(telugu);
    expect(builtIn.mock.calls.map(([p]) => p)).toEqual([dataPaths.builtInTranslation("te", file, slug)]);
    expect(errors.map(([line]) => line)).toEqual([messages.dataLoadFailed(own)]);
  });

  it("are none (the treatment shows in English) when neither the file nor the built-in copy loads", async () => {
    fetchMock.mockImplementation(async () => new Response("broken", { status: 500 }));
    setBuiltInLoader(async (p) => {
      throw new TypeError(`Failed to fetch dynamically imported module: /${p}`);
    });
    expect(await treatmentTexts(file, marked, "te")).toEqual({});
    expect(errors.map(([line]) => line)).toEqual([
      messages.dataLoadFailed(own),
      messages.translationLoadFailed(dataPaths.builtInTranslation("te", file, slug), "te"),
    ]);
  });

  it("are never fetched for a treatment not marked as translated into the language, nor in English", async () => {
    const hindiOnly: TreatmentData = { ...english, translated: ["hi"] };
    for (const [data, lang] of [
      [english, "te"],
      [hindiOnly, "te"],
      [marked, "en"],
    ] as const) {
      const texts = treatmentTexts(file, data, lang);
      expect(status(texts)).toBe("fulfilled");
      expect(await texts).toEqual({});
    }
    expect(fetched()).toEqual([]);
    expect(builtIn).not.toHaveBeenCalled();
  });

  it("are published for the site's translated treatments, as the tests' fetch serves them", () => {
    const { files } = publishedData();
    expect(files.get(`/${own}`)).toEqual({ strings: telugu });
    expect((files.get(`/${dataPaths.treatment(file, slug)}`) as TreatmentData).translated).toEqual(["hi", "te"]);
  });
});

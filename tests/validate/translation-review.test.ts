/**
 * Translation review per text: the validator's checks of a translation against its English file
 * (stale texts with both places, a status that says other than the texts), on files in memory,
 * and the review fields a save leaves.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { derivedStatus, sourceHash, stampedAfterSave } from "../../src/shared/i18n/review";
import { translationChecks, untranslatedFileWarnings } from "../../src/validation/translations";

const root = "/site/site-config";
const english = {
  $schema: "../schemas/page.schema.json",
  route: "/faq",
  faqs: [
    { question: "How long is the stay?", answer: "Three to five days." },
    { question: "Is it covered?", answer: "Most insurers cover it." },
  ],
};
const englishText = `${JSON.stringify(english, null, 2)}\n`;
const site = {
  languages: [
    { code: "en", name: "English", englishName: "English" },
    { code: "te", name: "తెలుగు", englishName: "Telugu" },
  ],
};

function check(translation: Record<string, unknown>, englishNow = englishText) {
  const files: Record<string, string> = {
    [path.join(root, "site.json")]: JSON.stringify(site),
    [path.join(root, "pages/faq.json")]: englishNow,
  };
  return translationChecks(path.join(root, "i18n/te/pages/faq.json"), translation, {
    siteRoot: root,
    read: (file) => {
      if (!(file in files)) throw new Error(`no ${file}`);
      return files[file];
    },
    display: (file) => path.relative("/site", file),
  });
}

const strings = {
  "faqs.0.question": "ఎన్ని రోజులు ఉండాలి?",
  "faqs.0.answer": "మూడు నుండి ఐదు రోజులు.",
  "faqs.1.question": "ఇన్సూరెన్స్ వర్తిస్తుందా?",
  "faqs.1.answer": "చాలా బీమా సంస్థలు వర్తింపజేస్తాయి.",
};
const sources = {
  "faqs.0.question": sourceHash("How long is the stay?"),
  "faqs.0.answer": sourceHash("Three to five days."),
  "faqs.1.question": sourceHash("Is it covered?"),
  "faqs.1.answer": sourceHash("Most insurers cover it."),
};

describe("validate: translation review per text", () => {
  it("says nothing of a translation made from today's English, reviewed text by text", () => {
    const reviewed = Object.keys(strings);
    expect(check({ status: "reviewed", strings, sources, reviewed })).toEqual([]);
  });

  it("names a stale translation with its own key and the English text's file, line and pointer", () => {
    const changed = englishText.replace("Three to five days.", "Two to four days, then physiotherapy at home.");
    const found = check({ status: "draft", strings, sources, reviewed: [] }, changed);
    expect(found).toEqual([
      {
        pointer: "/strings/faqs.0.answer",
        name: "StaleTranslation",
        severity: "warning",
        message:
          "The English text of 'faqs.0.answer' (site-config/pages/faq.json:7:17 -> /faqs/0/answer) changed after this Telugu translation was made: it now reads 'Two to four days, then physiotherapy at home.'. The site keeps showing the translation, written for the old English, until it is updated. Make the translation say what the English now says, and save it in the editor (which records the new English), or run 'npm run translations -- stamp site-config/i18n/te/pages/faq.json' once it is updated by hand.",
        hint: "The editor's translator view shows the old English, the new English and the translation side by side; its queue lists every stale text.",
      },
    ]);
  });

  it("says a status other than the texts make it, and which texts record no English source", () => {
    const found = check({ status: "reviewed", strings, sources: { "faqs.0.question": sources["faqs.0.question"] } });
    expect(found.map((p) => p.message)).toEqual([
      `3 of 4 translated texts record no English source in "sources", so nobody can tell whether site-config/pages/faq.json changed after they were translated: 'faqs.0.answer', 'faqs.1.question' and 'faqs.1.answer'. Check them against today's English, then save the file in the editor or run 'npm run translations -- stamp' to record it.`,
      `"status" says 'reviewed', but its texts make it 'draft' (4 texts not marked reviewed): the status follows from "reviewed". Run 'npm run translations -- stamp' to write it, or mark the texts reviewed in the editor.`,
    ]);
  });

  it("lists a file as a draft on site.json until every text it translates is reviewed", () => {
    const translation = path.join(root, "i18n/te/pages/faq.json");
    const draftOf = (reviewed: string[]) =>
      untranslatedFileWarnings(
        [path.join(root, "pages/faq.json"), translation],
        { siteRoot: root, read: () => JSON.stringify(site), display: (f) => f },
        () => true,
        () => derivedStatus({ strings, reviewed }) === "draft",
      ).map((p) => p.name);
    expect(draftOf(["faqs.0.question"])).toEqual(["DraftTranslations"]);
    expect(draftOf(Object.keys(strings))).toEqual([]);
  });
});

describe("translation review fields after a save", () => {
  const englishOf = (key: string) =>
    ({
      "faqs.0.question": "How long is the stay?",
      "faqs.0.answer": "Two to four days.",
      "faqs.1.question": "Is it covered?",
      "faqs.1.answer": "Most insurers cover it.",
    })[key];
  const before = { strings, sources, reviewed: ["faqs.0.question", "faqs.0.answer", "faqs.1.question"] };

  it("records today's English for a changed text and takes it off the reviewed list; others keep theirs", () => {
    const after = { strings: { ...strings, "faqs.0.answer": "రెండు నుండి నాలుగు రోజులు." } };
    expect(stampedAfterSave(before, after, englishOf)).toEqual({
      status: "draft",
      sources: { ...sources, "faqs.0.answer": sourceHash("Two to four days.") },
      reviewed: ["faqs.0.question", "faqs.1.question"],
    });
  });

  it("takes no review marks and no other English source from the one saving", () => {
    const forged = { strings, sources: { ...sources, "faqs.0.answer": "00000000" }, reviewed: Object.keys(strings) };
    const stamped = stampedAfterSave(before, forged, englishOf);
    expect(stamped.reviewed).toEqual(before.reviewed);
    expect(stamped.sources["faqs.0.answer"]).toBe(sources["faqs.0.answer"]);
  });

  it("records today's English for an unchanged text the translator confirmed against it", () => {
    const confirmed = { strings, sources: { ...sources, "faqs.0.answer": sourceHash("Two to four days.") } };
    expect(stampedAfterSave(before, confirmed, englishOf).sources["faqs.0.answer"]).toBe(
      sourceHash("Two to four days."),
    );
  });
});

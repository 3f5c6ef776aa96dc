import { parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { placeholderMismatch, placeholderNames } from "../../src/shared/i18n/placeholders";
import { addMessageAsts, formatMessage, formatParts } from "../../src/site/i18n/format";

const doctors = "{count, plural, one {# doctor} other {# doctors}}";

describe("message formatting (FormatJS ICU messages)", () => {
  it("chooses the plural form the language's rules ask for", () => {
    expect(formatMessage(doctors, { count: 1 }, "en")).toBe("1 doctor");
    expect(formatMessage(doctors, { count: 3 }, "en")).toBe("3 doctors");
    const te = "{count, plural, one {# డాక్టర్} other {# మంది డాక్టర్లు}}";
    expect(formatMessage(te, { count: 1 }, "te")).toBe("1 డాక్టర్");
    expect(formatMessage(te, { count: 4 }, "te")).toBe("4 మంది డాక్టర్లు");
    // Hindi counts 0 and 1 as "one".
    expect(formatMessage("{count, plural, one {# वर्ष} other {# वर्ष}}", { count: 0 }, "hi")).toBe("0 वर्ष");
  });

  it("fills placeholders where the translation's grammar puts them", () => {
    expect(formatMessage("{name} కోసం అపాయింట్‌మెంట్ బుక్ చేయండి", { name: "కరోనరీ యాంజియోగ్రామ్" }, "te")).toBe(
      "కరోనరీ యాంజియోగ్రామ్ కోసం అపాయింట్‌మెంట్ బుక్ చేయండి",
    );
  });

  it("shows a text without placeholders exactly as written, apostrophes and tags included", () => {
    for (const text of ["Doctor's name", "<b>Term:</b> it's", "Women's health"])
      expect(formatMessage(text, {}, "en")).toBe(text);
    expect(formatMessage("Golfer's elbow: {name}", { name: "x" }, "en")).toBe("Golfer's elbow: x");
  });
});

describe("placeholder comparison", () => {
  it("names the placeholders of a message, inside plurals too", () => {
    expect(placeholderNames("{count} of {total} doctors")).toEqual(["count", "total"]);
    expect(placeholderNames(doctors)).toEqual(["count"]);
  });

  it("accepts the same placeholders in another order and refuses others", () => {
    expect(placeholderMismatch("{count} of {total}", "{total}లో {count}")).toBeUndefined();
    expect(placeholderMismatch("Book with {name}", "బుక్ చేయండి")).toBe("it lacks {name}");
    expect(placeholderMismatch(doctors, "{count} డాక్టర్లు")).toMatch(/^its placeholders are used differently/);
  });
});

describe("messages with elements among their values", () => {
  it("keeps the text around a value, and the value, as parts of their own, in the translation's order", () => {
    // As the build gives them: parsed (elsewhere FormatJS parses them, and joins text to text).
    const messages = [
      "More about {speciality} at our hospitals.",
      "మా హాస్పిటల్స్‌లో {speciality} గురించి మరింత.",
      "Find a {name} doctor",
      "{branch}లోని డాక్టర్లు",
    ];
    addMessageAsts(Object.fromEntries(messages.map((m) => [m, parse(m, { ignoreTag: true })])));
    const link = { element: "link" };
    expect(formatParts("More about {speciality} at our hospitals.", { speciality: link }, "en")).toEqual([
      "More about ",
      link,
      " at our hospitals.",
    ]);
    expect(formatParts("మా హాస్పిటల్స్‌లో {speciality} గురించి మరింత.", { speciality: link }, "te")).toEqual([
      "మా హాస్పిటల్స్‌లో ",
      link,
      " గురించి మరింత.",
    ]);
    expect(formatParts("Find a {name} doctor", { name: "Cardiology" }, "en", " ")).toEqual([
      " Find a ",
      "Cardiology",
      " doctor",
    ]);
    expect(formatParts("{branch}లోని డాక్టర్లు", { branch: "Kukatpally" }, "te", " ")).toEqual([" Kukatpally", "లోని డాక్టర్లు"]);
  });
});

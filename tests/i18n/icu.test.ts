/**
 * FormatJS's formatter as the site uses it (src/site/i18n/icu.ts): the browser is not asked which
 * locales it supports (its first answer lists every locale it has, tens of milliseconds of a
 * phone's main thread), and messages share their formatters.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

const RealPluralRules = Intl.PluralRules;

/** Intl.PluralRules replaced (TypeScript's types call it read-only; it is writable). */
const setPluralRules = (value: typeof Intl.PluralRules) =>
  Object.defineProperty(Intl, "PluralRules", { value, writable: true, configurable: true });

afterEach(() => {
  setPluralRules(RealPluralRules);
  vi.restoreAllMocks();
  vi.resetModules();
});

describe("ICU message formatting", () => {
  it("formats plurals in the page's language without asking the browser which locales it supports", async () => {
    const asked = vi.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    const { icuFormat } = await import("../../src/site/i18n/icu");
    expect(icuFormat("{count, plural, one {# డాక్టర్} other {# మంది డాక్టర్లు}}", { count: 1 }, "te")).toBe("1 డాక్టర్");
    expect(icuFormat("{count, plural, one {# वर्ष} other {# वर्ष}}", { count: 0 }, "hi")).toBe("0 वर्ष");
    expect(icuFormat("{count, plural, one {# doctor} other {# doctors}}", { count: 1200 }, "en")).toBe("1,200 doctors");
    expect(asked).not.toHaveBeenCalled();
  });

  it("makes one set of plural rules per language, however many messages use them", async () => {
    const made: string[] = [];
    setPluralRules(
      class extends RealPluralRules {
        constructor(...args: ConstructorParameters<typeof RealPluralRules>) {
          super(...args);
          made.push(String(args[0]));
        }
      } as typeof Intl.PluralRules,
    );
    const { icuFormat } = await import("../../src/site/i18n/icu");
    for (const noun of ["doctor", "branch", "package", "treatment"])
      expect(icuFormat(`{count, plural, one {# ${noun}} other {# ${noun}s}}`, { count: 2 }, "en")).toBe(`2 ${noun}s`);
    expect(icuFormat("{count, plural, one {# బ్రాంచ్} other {# బ్రాంచ్‌లు}}", { count: 2 }, "te")).toBe("2 బ్రాంచ్‌లు");
    expect(made).toEqual(["en", "te"]);
  });
});

/**
 * Every treatment of the site has Telugu and Hindi texts; tests of what happens to a treatment
 * with none make one, in a copy of the site.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Keeps, in every language's translation of the collection `stem` kept in one file under
 * `siteConfig`, only the texts of the treatments `keep`.
 */
export function keepTreatmentTranslations(siteConfig: string, stem: string, keep: readonly string[]): void {
  const i18n = path.join(siteConfig, "i18n");
  for (const lang of readdirSync(i18n)) {
    const file = path.join(i18n, lang, "collections", `${stem}.json`);
    if (!existsSync(file)) continue;
    const doc = JSON.parse(readFileSync(file, "utf8")) as { strings: Record<string, string> };
    doc.strings = Object.fromEntries(
      Object.entries(doc.strings).filter(([key]) => keep.some((slug) => key.startsWith(`sub_departments.${slug}.`))),
    );
    writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  }
}

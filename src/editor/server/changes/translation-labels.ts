/**
 * A translation file's changes named by the English field they translate: the Telugu file's
 * "/strings/items.about.label" is "Menu entry ‘About us’ › Label (Telugu)", so a reviewer reads a
 * translator's change as they would read an editor's.
 */
import { keyedTexts } from "../../../shared/i18n/keys";

/** The language and English file of a translation file, from its path. */
export function translationOf(file: string): { lang: string; englishFile: string } | undefined {
  const match = /^site-config\/i18n\/([^/]+)\/(.+)$/.exec(file);
  return match ? { lang: match[1], englishFile: `site-config/${match[2]}` } : undefined;
}

/** "Telugu" for "te"; the code itself where the runtime does not know the language. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** For a translation's "/strings/<key>", the pointer of the English text it translates. */
export function englishPointerOf(english: unknown, pointer: string): string | undefined {
  const match = /^\/strings\/([^/]+)$/.exec(pointer);
  if (!match) return undefined;
  const key = match[1].replace(/~1/g, "/").replace(/~0/g, "~");
  return keyedTexts(english).find((text) => text.key === key)?.pointer;
}

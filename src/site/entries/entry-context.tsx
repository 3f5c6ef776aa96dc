/**
 * The entry an 'each' page is showing (one branch, one speciality or one blog post), for blocks
 * such as branch-details and for '{name}' and '{summary}' in headings and meta.
 */
import { createContext, useContext } from "react";
import type { BlogPost } from "../../shared/generated/blog-posts";
import type { Branch } from "../../shared/generated/branches";
import type { Speciality } from "../../shared/generated/specialities";
import { formatMessage } from "../i18n/format";

export type Entry =
  | { kind: "branches"; entry: Branch }
  | { kind: "specialities"; entry: Speciality }
  | { kind: "posts"; entry: BlogPost };

export const EntryContext = createContext<Entry | null>(null);

export const useEntry = () => useContext(EntryContext);

/** The entry's display name: a branch's or speciality's name, a post's title. */
export function entryName(entry: Entry): string {
  return entry.kind === "posts" ? entry.entry.title : entry.entry.name;
}

/**
 * The text with '{name}' as the current entry's name and '{summary}' as its summary, if any: an
 * ICU message (src/site/i18n/format.ts), so a translation may place them where its grammar wants.
 */
export function fillName(text: string, entry: Entry | null, lang = "en"): string {
  if (!entry) return text;
  const summary = entry.kind === "branches" ? "" : (entry.entry.summary ?? "");
  return formatMessage(text, { name: entryName(entry), summary }, lang);
}

/**
 * The entry an 'each' page is showing (one branch, one speciality or one blog post), for blocks
 * such as branch-details and for '{name}' and '{summary}' in headings and meta.
 */
import { createContext, useContext } from "react";
import type { BlogPost } from "../../shared/generated/blog-posts";
import type { Branch } from "../../shared/generated/branches";
import type { Speciality } from "../../shared/generated/specialities";

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

/** Replaces '{name}' with the current entry's name and '{summary}' with its summary, if any. */
export function fillName(text: string, entry: Entry | null): string {
  if (!entry) return text;
  const summary = entry.kind === "branches" ? "" : entry.entry.summary;
  return text.replaceAll("{name}", entryName(entry)).replaceAll("{summary}", summary);
}

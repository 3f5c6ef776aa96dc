/**
 * The entry an 'each' page is showing (one branch or one speciality), for blocks such as
 * branch-details and for '{name}' in headings and meta.
 */
import { createContext, useContext } from "react";
import type { Branch } from "../generated/branches";
import type { Speciality } from "../generated/specialities";

export type Entry = { kind: "branches"; entry: Branch } | { kind: "specialities"; entry: Speciality };

export const EntryContext = createContext<Entry | null>(null);

export const useEntry = () => useContext(EntryContext);

/** Replaces '{name}' with the current entry's name, if any. */
export function fillName(text: string, entry: Entry | null): string {
  return entry ? text.replaceAll("{name}", entry.entry.name) : text;
}

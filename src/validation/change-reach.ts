/**
 * What a file's first pass tells the checks of other files: a change that alters it can reach
 * beyond the file (snapshot.ts then checks the whole site).
 */
import type { Checked } from "./check-file";
import type { Fact } from "./site-model";

/** What a file's first pass tells the checks of other files, titles, descriptions and treatments' names aside. */
export function reach(c: Checked): string {
  return JSON.stringify([c.schema, c.dataFile, c.skip, c.hasTexts, c.draft, c.html, c.fact && withoutOwnWords(c.fact)]);
}

function withoutOwnWords(fact: Fact): unknown {
  const bare = <T extends { title?: string; description?: string; name?: string }>({
    title,
    description,
    name,
    ...rest
  }: T) => rest;
  switch (fact.kind) {
    case "page":
      return { ...fact, page: { ...fact.page, meta: undefined } };
    case "collection":
      return { ...fact, treatments: fact.treatments.map(bare) };
    case "collection-item":
      return { ...fact, treatment: bare(fact.treatment) };
    default:
      return fact;
  }
}

/** The names of the treatments a file's first pass found. */
export function namesOf(c: Checked): string {
  const { fact } = c;
  if (fact?.kind === "collection") return JSON.stringify(fact.treatments.map((t) => t.name));
  return fact?.kind === "collection-item" ? JSON.stringify(fact.treatment.name) : "";
}

/**
 * The catalogue: every sentence the validator shows a person, in the terminal and in the editor,
 * as data: a name, a title, the message (what happened, what was expected, what to do) and a
 * hint. Modelled on Astro's error catalogue (packages/astro/src/core/errors/errors-data.ts): code
 * says *which* problem it found; the words live here, in this folder, where they can be read and
 * improved together. The checks turn an entry into a problem with `problem()` (entry.ts).
 */
export * from "./clinical-review";
export * from "./collections";
export * from "./command-line";
export * from "./contact";
export * from "./expected-forms";
export * from "./files";
export * from "./images";
export * from "./pages";
export * from "./publish";
export * from "./references";
export * from "./schema";
export * from "./text";
export * from "./translation-review";
export * from "./translations";
export * from "./warnings";

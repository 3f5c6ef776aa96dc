/**
 * Every message the validate CLI shows a person, as data: a name, a title, the message (what
 * happened, what was expected, what to do) and a hint. Modelled on Astro's error catalogue
 * (packages/astro/src/core/errors/errors-data.ts): code says *which* problem it found; the words
 * live here, in this folder, where they can be read and improved together.
 */
export * from "./command-line";
export * from "./expected-forms";
export * from "./files";
export * from "./references";
export * from "./schema";
export * from "./warnings";

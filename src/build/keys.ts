/**
 * The incremental build's keys, as typed values. A job is one piece of output the build makes
 * (a page, a treatment's data file, ...); a dependency is one thing a job is made of (a treatment,
 * a page's config file, ...). A job is made again when the hash of one of its dependencies
 * changes. The hashes are kept between builds (build-state.ts), each nested by its key's fields
 * (plan/key-table.ts); no key is ever read back from a string.
 */

/** A piece of output the build makes, and makes again when what it is made of changes. */
export type JobKey =
  /** A prerendered page, by its address ('/te/specialities/cardiology'). */
  | { kind: "page"; path: string }
  /** A treatment's data file and its built-in copy. */
  | { kind: "treatment-data"; dataFile: string; slug: string }
  /** A treatment's texts in another language: their data file and its built-in copy. */
  | { kind: "treatment-translation"; lang: string; dataFile: string; slug: string }
  /** One page of a collection's list data. */
  | { kind: "list-data"; dataFile: string; page: number }
  /** A collection's index (its slugs and names). */
  | { kind: "index-data"; dataFile: string }
  /** A collection's whole data file, made of its treatments' (written by the build itself, not a job). */
  | { kind: "whole-data"; dataFile: string };

/** One thing a job is made of. */
export type DepKey =
  /** A config page's file ('site-config/pages/home.json'). */
  | { kind: "page-file"; file: string }
  /** A treatment's own content. */
  | { kind: "item"; dataFile: string; slug: string }
  /** A collection's settings (speciality and location). */
  | { kind: "settings"; dataFile: string }
  /** The languages a treatment is translated into (its data file names them). */
  | { kind: "translated"; dataFile: string; slug: string }
  /** A treatment's texts in `lang`. */
  | { kind: "translation"; lang: string; dataFile: string; slug: string }
  /** The treatments a speciality page's list page shows, and with `lang` their names in it. */
  | { kind: "list"; dataFile: string; page: number; lang?: string }
  /** A list page's data file: its treatments with their names in every language. */
  | { kind: "list-file"; dataFile: string; page: number }
  /** A collection's slugs and names. */
  | { kind: "index"; dataFile: string }
  /** The files of a language's font, which its pages link. */
  | { kind: "font"; lang: string };

/**
 * The one text of a dependency: its part of the hash of each job made of it, and its name where an
 * explanation has no words for it. A name changed here changes the hash of every job made again.
 */
export function keyOf(dep: DepKey): string {
  switch (dep.kind) {
    case "page-file":
      return `page:${dep.file}`;
    case "item":
      return `item:${dep.dataFile}:${dep.slug}`;
    case "settings":
      return `settings:${dep.dataFile}`;
    case "translated":
      return `translated:${dep.dataFile}:${dep.slug}`;
    case "translation":
      return `translation:${dep.lang}:${dep.dataFile}:${dep.slug}`;
    case "list":
      return `list:${dep.dataFile}:${dep.page}${dep.lang ? `:${dep.lang}` : ""}`;
    case "list-file":
      return `list-data:${dep.dataFile}:${dep.page}`;
    case "index":
      return `index:${dep.dataFile}`;
    case "font":
      return `font:${dep.lang}`;
  }
}

/**
 * Messages about what must not be published: values the site declares as placeholders
 * (site-config/placeholders.json) and entries marked "sample". They are warnings while a site is
 * a demonstration; `npm run validate -- --publish` (and the build, when site.json's "production"
 * is true) makes them errors: see `publishBlockers`.
 */

import { quote } from "../words";
import { entry } from "./entry";

export const Placeholder = entry({
  name: "Placeholder",
  title: "A placeholder value is still in place.",
  severity: "warning",
  message: (found: string, declared: string, replaceWith: string) =>
    `${quote(found)} is a placeholder${found === declared ? "" : ` (it holds ${quote(declared)})`}: before publishing, put here ${replaceWith}.`,
  summary: (count) =>
    `${count === 1 ? "1 value is a placeholder" : `${count} values are placeholders`} (site-config/placeholders.json says which)`,
});

export const SampleEntry = entry({
  name: "SampleEntry",
  title: "An entry is sample data.",
  severity: "warning",
  message: (name: string, kind: string) =>
    `${quote(name)} is a sample ${kind}, written to show the layout: before publishing, replace its details with real ones and set "sample" to false, or remove it.`,
  summary: (count) => `${count === 1 ? "1 entry is" : `${count} entries are`} sample data ("sample": true)`,
});

/** The entries `--publish` turns into errors: nothing they name may be published. */
export const publishBlockers: ReadonlySet<string> = new Set([Placeholder.name, SampleEntry.name, "DraftTranslations"]);

/** What `npm run validate` says, once, about a site that still shows placeholder details. */
export const placeholderNotice = (values: number, entries: number) =>
  `This site shows placeholder details (${[
    values > 0 ? `${values === 1 ? "1 placeholder value" : `${values} placeholder values`}` : "",
    entries > 0 ? `${entries === 1 ? "1 sample entry" : `${entries} sample entries`}` : "",
  ]
    .filter(Boolean)
    .join(
      " and ",
    )}), as a demonstration does. Before publishing, run 'npm run validate -- --publish': it lists each and what to put there. The build refuses them once "production" is true in site-config/site.json.`;

/** What a publishing run adds under its list when placeholders or sample entries stop it. */
export const publishFooter =
  'Not ready to publish. Placeholders are declared in site-config/placeholders.json: remove an entry there once its value is replaced everywhere. Sample entries become real with "sample": false.';

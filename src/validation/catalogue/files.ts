/** Messages about files as a whole: unreadable, not JSON, no schema. */

import { quote } from "../words";
import { entry } from "./entry";

export const JsonSyntax = entry({
  name: "JsonSyntax",
  title: "The file is not valid JSON.",
  severity: "error",
  message: (words: string) => words,
  hint: "JSON needs double quotes around names and text, a comma between items and none after the last, and no comments.",
});

export const UnreadableFile = entry({
  name: "UnreadableFile",
  title: "The file cannot be read.",
  severity: "error",
  message: (reason: string) => `The file cannot be read: ${reason}.`,
});

export const MissingSchema = entry({
  name: "MissingSchema",
  title: 'The file names no "$schema".',
  severity: "error",
  message: (suggested: string | undefined) =>
    suggested
      ? `Expected a "$schema" property naming this file's schema, but there is none. Add "$schema": "${suggested}" as the first property.`
      : 'Expected a "$schema" property naming this file\'s schema, but there is none. Add "$schema" with the path from this file to its schema in schemas/, such as "../schemas/page.schema.json".',
  hint: "Every config file names its schema, so editors autocomplete it and the validator knows what kind of file it is.",
});

export const BadSchemaPath = entry({
  name: "BadSchemaPath",
  title: 'The "$schema" does not name a schema in schemas/.',
  severity: "error",
  message: (value: string, reason: string, suggested: string | undefined) =>
    `Expected "$schema" to be the path from this file to a schema in schemas/, but found ${quote(value)}, which ${reason}.` +
    (suggested ? ` Use "${suggested}".` : ""),
  hint: 'The path is relative to the file, as editors read it: a file in site-config/pages/ uses "../../schemas/page.schema.json".',
});

export const NotAnObject = entry({
  name: "NotAnObject",
  title: "The file does not hold an object.",
  severity: "error",
  message: (found: string) => `Expected the file to hold one JSON object { ... }, but found ${found}.`,
});

export const BrokenSchema = entry({
  name: "BrokenSchema",
  title: "A schema cannot be compiled.",
  severity: "error",
  message: (schema: string, reason: string) =>
    `The schema schemas/${schema} cannot be used, so this file was not checked: ${reason}.`,
  hint: "After changing schemas/, run npm run gen:types so the validator knows every schema file.",
});

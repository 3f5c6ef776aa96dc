/** Messages about the command line (exit code 2). */

import { quote, quotedList } from "../words";
import { didYouMean, entry } from "./entry";

export const UnknownOption = entry({
  name: "UnknownOption",
  title: "Unknown option.",
  severity: "error",
  message: (option: string, suggestion: string | undefined) => `Unknown option '${option}'${didYouMean(suggestion)}`,
});

export const MissingOptionValue = entry({
  name: "MissingOptionValue",
  title: "An option needs a value.",
  severity: "error",
  message: (option: string, what: string) => `The option '${option}' needs ${what} after it.`,
});

export const BadOptionValue = entry({
  name: "BadOptionValue",
  title: "An option has a value it does not take.",
  severity: "error",
  message: (option: string, value: string, allowed: string[]) =>
    `Expected ${option} to be ${quotedList(allowed)}, but found ${quote(value)}.`,
});

export const PathNotFound = entry({
  name: "PathNotFound",
  title: "A path does not exist.",
  severity: "error",
  message: (path: string) => `There is no file or folder '${path}'.`,
});

export const NotJsonFile = entry({
  name: "NotJsonFile",
  title: "A file is not a .json file.",
  severity: "error",
  message: (path: string) => `Only .json files can be validated, but '${path}' is not one.`,
});

export const NoJsonFiles = entry({
  name: "NoJsonFiles",
  title: "There are no files to validate.",
  severity: "error",
  message: (path: string) => `There are no .json files in '${path}'.`,
});

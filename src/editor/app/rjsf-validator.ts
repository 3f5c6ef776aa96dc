/**
 * The validator @rjsf/core is given, for its own work only: choosing among a schema's options
 * and working out defaults. It is made from the validator's own ajv options and vocabulary
 * (validation/ajv.ts: the same formats, `x-ref` and `x-html`), so rjsf agrees with the CLI on
 * what is valid. It never words a problem: rjsf's live validation is off, and the form shows the
 * validator's own problems (see problems.ts), so a mistake reads the same here as in the terminal.
 *
 * rjsf makes its own ajv from these: it adds and removes schemas of its own making by id as
 * forms change, which the project's one instance (holding schemas/) must not see.
 */
import type { Experimental_DefaultFormStateBehavior } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import type Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import { addVocabulary, ajvOptions } from "../../validation/browser";

export const validator = customizeValidator({
  // rjsf types its option for ajv's draft-07 class; the 2020-12 class has the same interface.
  AjvClass: Ajv2020 as unknown as typeof Ajv,
  // Strict mode is for schemas/ (the one instance holds it to them); rjsf also compiles schemas of
  // its own making, such as an option's bare `required`, which strict mode would refuse.
  ajvOptionsOverrides: { ...ajvOptions, strict: false },
  // The vocabulary brings the formats schemas/ uses; rjsf would add every format it knows.
  ajvFormatOptions: false,
  extenderFn: addVocabulary,
});

/**
 * The form fills in nothing by itself: no empty lists for optional arrays, no defaults or
 * constants the file did not have. Opening a file and saving it unchanged must write the same
 * bytes (tests/editor checks every file).
 */
export const defaultFormStateBehavior: Experimental_DefaultFormStateBehavior = {
  emptyObjectFields: "skipDefaults",
  arrayMinItems: { populate: "never" },
  constAsDefaults: "never",
};

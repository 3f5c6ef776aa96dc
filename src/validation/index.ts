/**
 * The validator's public face for Node programs (the editor's server): a whole site validated
 * in this process, optionally with the text of some files given in place of the files on disk,
 * and the problem type every report is made of. The CLI (cli.ts) is its other user; the build's
 * `npm run translations` takes the site's files and each translation's English file from here.
 */

export type { Checked } from "./check-file";
export { keepCompiledValidators } from "./compiled-validators";
export { findSyntaxMistake, type SyntaxMistake } from "./json-syntax";
export { jobsFor, listJsonFiles } from "./list-files";
export type { Problem, Severity, UnplacedProblem } from "./problem";
export { readText } from "./read-text";
export { formatHuman, type HumanOptions } from "./report";
export {
  type Overlay,
  type RunReport,
  runValidation,
  type SiteRunOptions,
  type ValidationCache,
  validateSite,
} from "./run";
export { type FilesDelta, type KeptRun, type SiteDelta, SiteSnapshot, type SnapshotOptions } from "./snapshot";
export { translationTarget } from "./translations";

/**
 * The site's git workspace and change sets: branches per change set, their changes in words,
 * a field-level three-way merge, and the publish pipeline (see docs/editor.md, "Change sets").
 */

export { commitMessage, describeChange, describeFileChanges } from "./describe";
export { editorCommitter, GitError, textsAt } from "./git";
export {
  changesOf,
  type HistoryPage,
  type HistoryTarget,
  history,
  restoredText,
  targetLabel,
  type Version,
  versionText,
} from "./history";
export { mergeJson } from "./merge";
export { everyPage } from "./pages";
export { publishSteps } from "./publish";
export type { PushState } from "./push-queue";
export { publishedVersion, restoreTitle, restoreVersion, type VersionInfo } from "./restore";
export {
  buildStep,
  buildSteps,
  type DeploySetting,
  deploySettingFromEnv,
  deployStep,
  parseBuildLine,
  splitCommand,
  validateStep,
} from "./steps";
export type * from "./types";
export { SiteWorkspace, type WorkspaceOptions } from "./workspace";

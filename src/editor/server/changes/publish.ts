/**
 * Publishing a change set: bring it up to date with published (refusing when a field changed on
 * both sides); move the published worktree to that merged result (here only, not yet pushed); run
 * the publish check and build the site there; push; deploy. A refused check or a failed build moves
 * the worktree back, so nothing that fails its check reaches the remote. If another instance
 * published meanwhile the push is refused: the change set is brought up to date again and retried.
 * The checks and builds run in the one published worktree, whose caches carry over between
 * publishes (the build validates the site first, with its own cache: see buildSteps).
 */
import { performance } from "node:perf_hooks";
import { GitError, git, gitText } from "./git";
import type { Author, Progress, PublishOutcome, PublishStep, PublishSteps } from "./types";
import { updateChangeSet } from "./update";
import type { WorkspaceParts } from "./workspace-parts";

/** The publish steps in order, with what the progress bar says while each runs. */
export const publishSteps: ReadonlyArray<[PublishStep, string]> = [
  ["update", "Bringing the change set up to date with the published site"],
  ["merge", "Adding the changes to the published site"],
  ["check", "Checking the site is ready to publish"],
  ["build", "Building the site"],
  ["push", "Saving the published site to the repository"],
  ["deploy", "Putting the site live"],
];

/** How often a publish starts again when another editor instance published during it. */
const attempts = 3;

/** Call inside the workspace's "publish" lock (SiteWorkspace.publish does). */
export async function publishChangeSet(
  ws: WorkspaceParts,
  id: string,
  author: Author,
  steps: PublishSteps,
  progress: (p: Progress) => void,
): Promise<PublishOutcome> {
  const started = performance.now();
  const total = publishSteps.length;
  const announce = (step: PublishStep) => {
    const index = publishSteps.findIndex(([name]) => name === step);
    progress({ step, done: index, total, message: publishSteps[index][1] });
  };
  const failed = (step: PublishStep, message: string): PublishOutcome => ({ ok: false, step, message });

  // Saves still on their way to the remote go first: what is published is on the remote too.
  try {
    await ws.pushes.flush(id);
  } catch (error) {
    return failed(
      "push",
      `The change set's saves could not be sent to the site's repository, so it was not published (they are kept and sent again shortly): ${(error as Error).message}`,
    );
  }
  let commit = "";
  let buildMessage: string | undefined;
  for (let attempt = 1; ; attempt++) {
    announce("update");
    const updated = await ws.locks.run(id, () => updateChangeSet(ws, id, [], author));
    if ("conflicts" in updated) {
      const { length } = updated.conflicts;
      const fields = length === 1 ? "a field" : `${length} fields`;
      return {
        ok: false,
        step: "update",
        message: `The published site changed ${fields} that this change set changed too: pick which value to keep, then publish again.`,
        conflicts: updated.conflicts,
      };
    }
    announce("merge");
    commit = await gitText(ws.dir(id), ["rev-parse", "HEAD"]);
    const published = ws.publishedDir();
    await ws.resetPublished();
    const merged = await git(published, ["merge", "--quiet", "--ff-only", commit], { okCodes: [1, 128] });
    if (merged.code !== 0) {
      await ws.resetPublished();
      return failed("merge", `The published site could not take the change set: ${merged.stderr.trim()}`);
    }
    announce("check");
    const checked = await steps.check(published);
    if (!checked.ok) {
      await ws.resetPublished();
      return failed("check", checked.message);
    }
    announce("build");
    const built = await steps.build(published, progress);
    if (!built.ok) {
      await ws.resetPublished();
      return failed(built.refused ? "check" : "build", built.message);
    }
    buildMessage = built.message;

    announce("push");
    try {
      await ws.push(ws.publishedBranch);
      break;
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
      // Another instance published first: start again from its published site.
      await ws.fetch();
      await ws.resetPublished();
      if (attempt >= attempts)
        return failed("push", "The published site kept changing while this was published; publish again in a moment.");
    }
  }

  announce("deploy");
  const deployed = await steps.deploy(ws.publishedDir());
  if (!deployed.ok) return failed("deploy", deployed.message);
  progress({ step: "deploy", done: total, total, message: "Published" });
  const seconds = (performance.now() - started) / 1000;
  return { ok: true, commit, seconds, message: deployed.message ?? buildMessage ?? "Published." };
}

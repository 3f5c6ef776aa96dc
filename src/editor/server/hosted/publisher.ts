/**
 * Publishing, one change set at a time: the workspace brings it up to date, the publish check
 * runs on the merged result, the published branch moves and is pushed, the site is built
 * (incrementally) and the deploy step runs (changes/publish.ts). Each step's progress is kept per
 * change set, for the app to show live (it asks every second); the outcome stays until the next
 * publish.
 */
import type { ConflictView, ProgressView, PublishState } from "../../shared/changes-api";
import type { Author, FieldConflict, Pick, PublishSteps, SiteWorkspace } from "../changes";

export interface PublisherOptions {
  workspace: SiteWorkspace;
  steps: PublishSteps;
  /** Told when the live site changed. */
  onPublished: (id: string) => Promise<void>;
}

const conflictViews = (conflicts: FieldConflict[]): ConflictView[] =>
  conflicts.map(({ file, pointer, label, ours, theirs, base }) => ({ file, pointer, label, ours, theirs, base }));

export class Publisher {
  private readonly states = new Map<string, PublishState>();
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: PublisherOptions) {}

  state(id: string): PublishState {
    return this.states.get(id) ?? { state: "idle", progress: [], message: "" };
  }

  /** Starts publishing `id` (after any publish under way); its state says how it goes. */
  start(id: string, author: Author, picks: Pick[] | undefined): PublishState {
    const state: PublishState = { state: "running", progress: [], message: "Waiting for another publish to finish…" };
    this.states.set(id, state);
    const progress = (p: ProgressView) => {
      const at = state.progress.findIndex((q) => q.step === p.step);
      if (at < 0) state.progress.push(p);
      else state.progress[at] = p;
      state.message = p.message;
    };
    const run = () => this.run(id, author, picks, state, progress);
    this.running = this.running.then(run, run);
    return state;
  }

  /**
   * Builds the live site as it is (the editor's first start: the preview frame reads the
   * published site's data and images), queued like a publish so two builds never share a folder.
   */
  buildPublished(log: (line: string) => void) {
    const run = async () => {
      const result = await this.options.steps.build(this.options.workspace.publishedDir(), () => undefined);
      log(result.ok ? "The published site is built." : `The published site could not be built: ${result.message}`);
    };
    this.running = this.running.then(run, run);
  }

  /** Resolves when no publish is under way (tests, and a clean shutdown). */
  idle(): Promise<unknown> {
    return this.running;
  }

  private async run(
    id: string,
    author: Author,
    picks: Pick[] | undefined,
    state: PublishState,
    progress: (p: ProgressView) => void,
  ) {
    const { workspace, steps } = this.options;
    try {
      if (picks && picks.length > 0) {
        const updated = await workspace.update(id, picks, author);
        if ("conflicts" in updated) return this.conflicts(state, updated.conflicts);
      }
      const outcome = await workspace.publish(id, author, steps, progress);
      if (!outcome.ok) {
        if (outcome.conflicts && outcome.conflicts.length > 0) return this.conflicts(state, outcome.conflicts);
        state.state = outcome.step === "check" ? "refused" : "failed";
        state.message = outcome.message;
        return;
      }
      await this.options.onPublished(id);
      state.state = "published";
      state.message = outcome.message || "Published: the live site shows this change set.";
    } catch (error) {
      state.state = "failed";
      state.message = `Publishing failed: ${(error as Error).message}`;
    }
  }

  private conflicts(state: PublishState, conflicts: FieldConflict[]) {
    state.state = "conflicts";
    state.conflicts = conflictViews(conflicts);
    state.message = `The published site changed the same ${conflicts.length === 1 ? "field" : "fields"} meanwhile: choose which value to keep.`;
  }
}

/**
 * What a save answers and whom it tells (site-api.ts and the saves beside it, other-saves.ts):
 * shared by both without either importing the other.
 */
import type { ConflictResponse, RefusedResponse, SaveResponse } from "../shared/api";
import type { CheckResult } from "./check";

/** A file the editor wrote or removed: its editor path and its text before and after. */
export interface Written {
  path: string;
  before: string | undefined;
  after: string | undefined;
  /** What a commit says of a file that is not config (an uploaded picture), in place of the diff's words. */
  words?: string;
}

/** Told of what one request wrote, before the answer goes out (a hosted editor commits it). */
export type OnWritten = (files: Written[]) => Promise<void>;

export type Answer<T> = [number, T];
export type SaveAnswer = Answer<SaveResponse | RefusedResponse | ConflictResponse>;

/** The answer to a save the checks refused: 400 with every problem. */
export function refused(result: CheckResult): [number, RefusedResponse] {
  const count = result.errors.length;
  return [
    400,
    {
      message: `Not saved: ${count === 1 ? "1 problem needs" : `${count} problems need`} fixing first.`,
      errors: result.errors,
      warnings: result.warnings,
    },
  ];
}

/**
 * What the review routes share: the change set a verdict is about, which must still be open, and
 * the verdict itself as the request gives it, each refused in words.
 */
import type { ChangeSetRow, EditorDb } from "../auth";
import { HttpError } from "../http-error";

/** The change set `id`, which must exist. */
export async function changeSetIn(db: EditorDb, id: string): Promise<ChangeSetRow> {
  const row = await db.changeSets.get(id);
  if (!row) throw new HttpError(404, "There is no change set with that id.");
  return row;
}

/** The change set `id`, which must not be published or withdrawn. */
export async function openChangeSetIn(db: EditorDb, id: string): Promise<ChangeSetRow> {
  const row = await changeSetIn(db, id);
  if (row.status === "published" || row.status === "withdrawn")
    throw new HttpError(409, `This change set was ${row.status}: start a new one for further changes.`);
  return row;
}

/** A verdict and its comment from a request's body; asking for changes needs a comment. */
export function verdictOf(body: { verdict?: unknown; comment?: unknown } | undefined): {
  verdict: "approved" | "changes-requested";
  comment: string;
} {
  const verdict = body?.verdict;
  if (verdict !== "approved" && verdict !== "changes-requested")
    throw new HttpError(400, "Say 'approved' or 'changes-requested' as the verdict.");
  const comment = typeof body?.comment === "string" ? body.comment.slice(0, 4000) : "";
  if (verdict === "changes-requested" && !comment.trim())
    throw new HttpError(400, "Say what should change: the author sees your comment.");
  return { verdict, comment };
}

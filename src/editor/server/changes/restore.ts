/**
 * "Restore this version": a version of a file (or of one treatment of a collection file) from the
 * published branch's history, written into a change set as one commit by the person restoring,
 * with a message in words ("Restored 'Knee Replacement' as of 12 Nov 2026 by meera"). The change
 * set is then reviewed and published like any other.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { gitText, textsAt } from "./git";
import { type HistoryTarget, restoredText, restoreMessage, targetLabel } from "./history";
import { translationOf } from "./translation-labels";
import type { Author } from "./types";
import type { SiteWorkspace } from "./workspace";

/** A version as a restore names it: its commit, author and day. */
export interface VersionInfo {
  commit: string;
  author: string;
  at: number;
}

/** The version `commit` names, if it is a commit of the published branch; undefined otherwise. */
export async function publishedVersion(ws: SiteWorkspace, commit: string): Promise<VersionInfo | undefined> {
  if (!/^[0-9a-f]{40}$/.test(commit)) return undefined;
  if (!(await ws.exists(`${commit}^{commit}`)) || !(await ws.isAncestor(commit, ws.ref("published")))) return undefined;
  const [author, at] = (await gitText(ws.repo, ["log", "-1", "--format=%an%x1f%at", commit])).split("\x1f");
  return { commit, author, at: Number(at) * 1000 };
}

/** What a restore of `target` as of `version` is called ("Restored '/about-us' as of …"), from that version. */
export async function restoreTitle(ws: SiteWorkspace, target: HistoryTarget, version: VersionInfo): Promise<string> {
  const english = translationOf(target.file)?.englishFile;
  const [text, englishText] = await textsAt(ws.repo, [
    `${version.commit}:${target.file}`,
    ...(english ? [`${version.commit}:${english}`] : []),
  ]);
  if (text === undefined) throw new Error("That version has no such file: choose a version the list shows.");
  return restoreMessage(targetLabel(target, text, englishText), version);
}

/**
 * Writes `target` as `version` left it into change set `id` and commits it as `author` with
 * `message`; returns the commit. Restoring what is already there commits nothing.
 */
export async function restoreVersion(
  ws: SiteWorkspace,
  id: string,
  target: HistoryTarget,
  version: VersionInfo,
  message: string,
  author: Author,
): Promise<string> {
  const [oldText] = await textsAt(ws.repo, [`${version.commit}:${target.file}`]);
  if (oldText === undefined) throw new Error("That version has no such file: choose a version the list shows.");
  const dir = await ws.ensure(id);
  const file = path.join(dir, target.file);
  const current = await readFile(file, "utf8").catch(() => undefined);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, restoredText(target, oldText, current));
  return ws.commit(id, [target.file], message, author);
}

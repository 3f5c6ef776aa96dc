/**
 * A file's history on the published branch, in the words of the review: who changed what and
 * when ("Label: 'Who We Are' → 'About us'"), version by version, newest first. A treatment of a
 * one-file collection has a history of its own: only the commits that changed that treatment,
 * with only its changes. Each version can be put back (`restoredText`), the whole file or just
 * that treatment, into a change set that is reviewed and published like any other.
 *
 * Git does the walking (`git log` limited to the file, a page at a time), and one
 * `git cat-file --batch` reads every version a page needs, so a file with thousands of commits
 * answers as fast as one with ten.
 */
import { jsonEqual, printJson } from "../../shared/json-format";
import { describeChange, describeFileChanges, labelOfFile, parsed as parse } from "./describe";
import { git, textsAt } from "./git";
import { isObject } from "./match";
import { translationOf } from "./translation-labels";
import type { FieldChange } from "./types";

/** What a history is of: a file, or one treatment (by slug) of a one-file collection. */
export interface HistoryTarget {
  /** Path from the repository root: "site-config/pages/about-us.json". */
  file: string;
  /** A treatment of a collection file (its `sub_departments` entry with this slug). */
  slug?: string;
}

/** One version: the commit that made it, who and when, and what it changed in words. */
export interface Version {
  commit: string;
  author: string;
  /** Milliseconds since 1970 (the commit's author date). */
  at: number;
  /** The commit message's first line. */
  subject: string;
  changes: FieldChange[];
}

export interface HistoryPage {
  versions: Version[];
  /** Where the next page starts (pass it back as `skip`); absent when there is no more. */
  next?: number;
}

export interface HistoryOptions {
  /** Commits of the file to pass over (a `next` from the page before). */
  skip?: number;
  /** Versions to answer at most (1 to 100; 20 unless given). */
  limit?: number;
}

/** Commits read per `git log` for a treatment's history (most of a collection's commits are other treatments'). */
const batch = 50;
/** A treatment's history reads at most this many of the file's commits per answer, then offers more. */
const scanLimit = 500;

/** The versions of `target` on `ref`, newest first (merges left out: their changes are their sides'). */
export async function history(
  repo: string,
  ref: string,
  target: HistoryTarget,
  options: HistoryOptions = {},
): Promise<HistoryPage> {
  const limit = Math.min(100, Math.max(1, Math.floor(options.limit ?? 20)));
  let skip = Math.max(0, Math.floor(options.skip ?? 0));
  const versions: Version[] = [];
  const english = translationOf(target.file)?.englishFile;
  for (let scanned = 0; scanned < (target.slug ? scanLimit : limit); ) {
    const count = target.slug ? batch : limit - versions.length;
    const commits = await logOf(repo, ref, target.file, skip, count);
    if (commits.length === 0) return { versions };
    // For each commit: the file after it, before it (its parent), and the English file it translates.
    const specs = commits.flatMap((c) => [
      `${c.commit}:${target.file}`,
      `${c.commit}^:${target.file}`,
      ...(english ? [`${c.commit}:${english}`] : []),
    ]);
    const texts = await textsAt(repo, specs);
    const step = english ? 3 : 2;
    for (const [i, c] of commits.entries()) {
      const [after, before, englishText] = texts.slice(i * step, i * step + step);
      const changes = changesOf(target, before, after, englishText);
      if (changes.length === 0 && target.slug) continue;
      versions.push({ ...c, changes });
      if (versions.length === limit) return { versions, next: skip + i + 1 };
    }
    skip += commits.length;
    scanned += commits.length;
    if (commits.length < count) return { versions };
  }
  return { versions, next: skip };
}

/** The text of `target` as `commit` left it: the file's, or the treatment's alone; undefined if absent. */
export async function versionText(repo: string, commit: string, target: HistoryTarget): Promise<string | undefined> {
  const [text] = await textsAt(repo, [`${commit}:${target.file}`]);
  if (!target.slug || text === undefined) return text;
  const item = treatmentIn(parse(text), target.slug);
  return item === undefined ? undefined : printJson(item);
}

/**
 * The file's new text that puts `target` back as `oldText` (the whole file as that version had
 * it) left it: the whole file, or, for a treatment, that treatment alone replaced in `currentText`
 * (put back in its old place when it was removed since), the rest of the file as it is now.
 */
export function restoredText(target: HistoryTarget, oldText: string, currentText: string | undefined): string {
  if (!target.slug) return oldText;
  const old = parse(oldText);
  const current = parse(currentText);
  const item = treatmentIn(old, target.slug);
  if (item === undefined || !isObject(current) || !Array.isArray(current.sub_departments))
    throw new Error(`That version has no treatment '${target.slug}' to put back.`);
  const list = [...current.sub_departments];
  const now = list.findIndex((t) => isObject(t) && t.slug === target.slug);
  const oldList = isObject(old) && Array.isArray(old.sub_departments) ? old.sub_departments : [];
  if (now >= 0) list[now] = item;
  else list.splice(Math.min(list.length, oldList.indexOf(item)), 0, item);
  return printJson({ ...current, sub_departments: list }, currentText);
}

/** What `target` is called: a treatment's name, else the file's label ("/about-us", "Navigation (Telugu)"). */
export function targetLabel(target: HistoryTarget, text: string | undefined, englishText?: string): string {
  const doc = parse(text);
  const item = target.slug ? treatmentIn(doc, target.slug) : undefined;
  if (isObject(item) && typeof item.name === "string") return item.name;
  return labelOfFile(target.file, doc, parse(englishText));
}

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "12 Nov 2026" (UTC), the same on every server whatever its locale. */
export function dayOf(at: number): string {
  const date = new Date(at);
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "Restored 'Knee Replacement' as of 12 Nov 2026 by meera": the version's day and its author. */
export function restoreMessage(label: string, version: { at: number; author: string }): string {
  return `Restored '${label}' as of ${dayOf(version.at)} by ${version.author}`;
}

/** The changes one commit made to the target: for a treatment, only that treatment's. */
export function changesOf(
  target: HistoryTarget,
  beforeText: string | undefined,
  afterText: string | undefined,
  englishText?: string,
): FieldChange[] {
  if (!target.slug) return describeFileChanges(target.file, beforeText, afterText, englishText).changes;
  // A file added or removed whole: its treatment is the one added or removed.
  const [was, is] = [parse(beforeText), parse(afterText)];
  const before = isObject(was) || !isObject(is) ? was : { ...is, sub_departments: [] };
  const after = isObject(is) || !isObject(was) ? is : { ...was, sub_departments: [] };
  const { slug } = target;
  if (jsonEqual(treatmentIn(before, slug), treatmentIn(after, slug))) return [];
  const at = (doc: unknown) => {
    const list = isObject(doc) && Array.isArray(doc.sub_departments) ? doc.sub_departments : [];
    const index = list.findIndex((t) => isObject(t) && t.slug === slug);
    return index < 0 ? undefined : `/sub_departments/${index}`;
  };
  const [from, to] = [at(before), at(after)];
  const inside = (pointer: string, prefix: string | undefined) =>
    prefix !== undefined && (pointer === prefix || pointer.startsWith(`${prefix}/`));
  return describeChange(target.file, before, after).filter((c) => inside(c.pointer, c.kind === "removed" ? from : to));
}

function treatmentIn(doc: unknown, slug: string): unknown {
  const list = isObject(doc) && Array.isArray(doc.sub_departments) ? doc.sub_departments : [];
  return list.find((t) => isObject(t) && t.slug === slug);
}

/** One page of the file's commits on `ref`, newest first (no merges). */
async function logOf(
  repo: string,
  ref: string,
  file: string,
  skip: number,
  count: number,
): Promise<Omit<Version, "changes">[]> {
  const out = await git(repo, [
    "log",
    "--no-merges",
    `--skip=${skip}`,
    `-n${count}`,
    "--format=%H%x1f%an%x1f%at%x1f%s%x1e",
    ref,
    "--",
    file,
  ]);
  return out.stdout
    .split("\x1e")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const [commit, author, at, subject] = line.split("\x1f");
      return { commit, author, at: Number(at) * 1000, subject };
    });
}

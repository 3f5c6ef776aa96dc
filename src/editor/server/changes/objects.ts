/**
 * Git's objects written by the editor itself: a save's blobs, the trees on the changed files'
 * paths and its commit, as loose objects ("<type> <length>\0<body>", zlib-deflated, named by the
 * SHA-1 of that) under the repository's objects/ folder, which every worktree of the clone shares.
 * Four git processes a save (add, write-tree, commit-tree, update-ref), each reading and writing
 * an index of 10,000 files, become a few file writes in this process (commit-writer.ts).
 *
 * Trees are read once through `git cat-file --batch` and kept by id (they never change): change
 * sets started from one published commit share its trees, and a tree written here is kept as it
 * is written, so a change set's next save asks git nothing.
 */
import { createHash } from "node:crypto";
import { link, mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { deflate } from "node:zlib";
import { GitError, gitBytes } from "./git";

const deflateAsync = promisify(deflate);
/** Git's own level for loose objects (core.looseCompression): the fastest. */
const level = 1;

/** The entry `name` of a tree: its mode as git writes it ("100644", "40000") and its id (20 bytes). */
export function treeEntry(body: Buffer, name: string): { mode: string; id: Buffer } | undefined {
  const wanted = Buffer.from(name, "utf8");
  for (let at = 0; at < body.length; ) {
    const space = body.indexOf(0x20, at);
    const nul = body.indexOf(0, space);
    if (nul - space - 1 === wanted.length && wanted.equals(body.subarray(space + 1, nul)))
      return { mode: body.toString("latin1", at, space), id: body.subarray(nul + 1, nul + 21) };
    at = nul + 21;
  }
  return undefined;
}

/** A change to one entry of a tree: to a new mode and id, or removed (`to` undefined). */
export interface TreeEdit {
  /** What the entry must be: a folder ("40000") or a plain or executable file. */
  folder: boolean;
  to?: { mode: string; id: Buffer };
}

/**
 * The tree `body` with entries changed or removed, by name; the unchanged entries are copied as
 * they are (a collection folder's tree holds 10,000: they are not read one by one into objects).
 * Undefined when a name is not in the tree (an addition is git's to make) or is not of its kind.
 */
export function editTree(body: Buffer, edits: ReadonlyMap<string, TreeEdit>): Buffer | undefined {
  const lengths = new Set([...edits.keys()].map((name) => Buffer.byteLength(name, "utf8")));
  const pieces: Buffer[] = [];
  let copied = 0;
  let found = 0;
  for (let at = 0; at < body.length; ) {
    const space = body.indexOf(0x20, at);
    const nul = body.indexOf(0, space);
    const next = nul + 21;
    const edit = lengths.has(nul - space - 1) ? edits.get(body.toString("utf8", space + 1, nul)) : undefined;
    if (edit) {
      const mode = body.toString("latin1", at, space);
      if (edit.folder ? mode !== "40000" : mode !== "100644" && mode !== "100755") return undefined;
      found++;
      pieces.push(body.subarray(copied, at));
      if (edit.to)
        pieces.push(Buffer.from(`${edit.to.mode} `, "latin1"), body.subarray(space + 1, nul + 1), edit.to.id);
      copied = next;
    }
    at = next;
  }
  if (found !== edits.size) return undefined;
  pieces.push(body.subarray(copied));
  return Buffer.concat(pieces);
}

/** The kept trees' bytes at most (the largest, a collection folder of 10,000 treatments, is about 600 kB). */
const keptBytes = 64 * 1024 * 1024;

/** Loose objects of one repository (its common git folder), and the trees it has read or written. */
export class ObjectStore {
  private readonly trees = new Map<string, Buffer>();
  private kept = 0;
  /** Reads of trees from git, one after another: ten saves at once after a start read them once. */
  private reading: Promise<unknown> = Promise.resolve();

  /** `commonDir`: the repository's git folder (worktrees share it); `repo`: where git runs to read objects. */
  constructor(
    readonly commonDir: string,
    private readonly repo: string,
  ) {}

  /** Writes an object (when the repository does not have it loose yet); answers its id. */
  async write(type: "blob" | "tree" | "commit", body: Buffer): Promise<string> {
    const header = Buffer.from(`${type} ${body.length}\0`, "latin1");
    const id = createHash("sha1").update(header).update(body).digest("hex");
    if (type === "tree") this.keep(id, body);
    const folder = path.join(this.commonDir, "objects", id.slice(0, 2));
    const file = path.join(folder, id.slice(2));
    const data = await deflateAsync(Buffer.concat([header, body]), { level });
    await mkdir(folder, { recursive: true });
    // As git does: a temporary file linked in place, so nobody reads half an object; an object
    // already there is the same bytes (its name is their hash).
    const temporary = path.join(folder, `tmp_obj_${process.pid}_${Math.random().toString(36).slice(2)}`);
    await writeFile(temporary, data, { mode: 0o444 });
    try {
      await link(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      await unlink(temporary);
    }
    return id;
  }

  /**
   * The bodies of the trees at `folders` ("" the root; "a/b") of the tree `root`, undefined where
   * there is no such folder; what is not kept is asked of git in one `cat-file --batch`.
   */
  async treesAt(root: string, folders: readonly string[]): Promise<Map<string, Buffer | undefined>> {
    const found = new Map<string, Buffer | undefined>();
    const missing = () => folders.filter((folder) => !found.has(folder));
    const fromKept = () => {
      for (const folder of missing()) {
        const body = this.keptPath(root, folder);
        if (body !== null) found.set(folder, body);
      }
    };
    fromKept();
    if (missing().length === 0) return found;
    const read = this.reading.then(async () => {
      // Another save may have read them meanwhile.
      fromKept();
      const asked = missing();
      if (asked.length === 0) return;
      const answers = await readObjects(
        this.repo,
        asked.map((folder) => (folder === "" ? root : `${root}:${folder}`)),
      );
      asked.forEach((folder, i) => {
        const answer = answers[i];
        if (answer?.type === "tree") this.keep(answer.id, answer.body);
        found.set(folder, answer?.type === "tree" ? answer.body : undefined);
      });
    });
    this.reading = read.catch(() => undefined);
    await read;
    return found;
  }

  /** A folder's tree found through kept trees only: undefined when there is no such folder, null when not kept. */
  private keptPath(root: string, folder: string): Buffer | undefined | null {
    let body = this.trees.get(root);
    if (!body) return null;
    for (const name of folder === "" ? [] : folder.split("/")) {
      const entry = treeEntry(body, name);
      if (entry?.mode !== "40000") return undefined;
      body = this.trees.get(entry.id.toString("hex"));
      if (!body) return null;
    }
    return body;
  }

  /** Keeps a tree's body; the oldest go when the kept bytes pass their bound. */
  private keep(id: string, body: Buffer) {
    if (this.trees.has(id)) return;
    this.trees.set(id, body);
    this.kept += body.length;
    for (const [old, oldBody] of this.trees) {
      if (this.kept <= keptBytes) break;
      this.trees.delete(old);
      this.kept -= oldBody.length;
    }
  }
}

/** Objects by name ("<tree>:<path>"), from one `git cat-file --batch`; undefined where there is none. */
async function readObjects(
  repo: string,
  specs: readonly string[],
): Promise<({ id: string; type: string; body: Buffer } | undefined)[]> {
  const args = ["cat-file", "--batch"];
  const out = await gitBytes(repo, args, `${specs.join("\n")}\n`);
  const objects: ({ id: string; type: string; body: Buffer } | undefined)[] = [];
  let at = 0;
  for (let i = 0; i < specs.length; i++) {
    const end = out.indexOf(10, at);
    if (end < 0) throw new GitError(args, -1, "", "git cat-file --batch answered less than was asked.");
    const found = /^([0-9a-f]{40}) (\w+) (\d+)$/.exec(out.toString("latin1", at, end));
    at = end + 1;
    if (!found) {
      objects.push(undefined);
      continue;
    }
    const size = Number(found[3]);
    objects.push({ id: found[1], type: found[2], body: Buffer.from(out.subarray(at, at + size)) });
    at += size + 1;
  }
  return objects;
}

/**
 * Replaces a file so that readers see either the old content or the new, never a mix or an empty
 * file: the text goes to a temporary file in the same folder (same file system), is flushed to
 * disk, and is renamed over the original, which is atomic on POSIX file systems.
 */
import { randomBytes } from "node:crypto";
import { open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

export interface AtomicWriteOptions {
  /**
   * Runs after the temporary file is complete and before the rename; throwing cancels the write
   * (the original stays as it was). The editor re-checks the on-disk hash here.
   */
  beforeRename?: () => Promise<void> | void;
  /**
   * Whether the text is flushed to disk before the rename, and the rename after it (default
   * true). A hosted editor's worktree is not where a save is kept: its commit, made at once and
   * pushed to the site's repository, is; flushing the worktree's copy took 20-50 ms a save on a
   * busy disk. Readers see the old text or the new either way.
   */
  flush?: boolean;
}

/** The temporary file's name: hidden, and not ending in .json, so nothing reads it as config. */
export function temporaryName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

/** Writes `text` to `file` atomically, keeping the file's permissions. */
export async function writeFileAtomic(file: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  const mode = await stat(file).then(
    (s) => s.mode & 0o777,
    () => 0o644,
  );
  const temporary = temporaryName(file);
  try {
    const handle = await open(temporary, "wx", mode);
    try {
      await handle.writeFile(text, "utf8");
      if (options.flush !== false) await handle.sync();
    } finally {
      await handle.close();
    }
    await options.beforeRename?.();
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  if (options.flush !== false) await syncFolder(path.dirname(file));
}

/** Flushes the folder entry so the rename itself survives a power cut (best effort). */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems do not allow syncing a folder; the rename has still happened.
  }
}

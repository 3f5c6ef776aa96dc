/**
 * The file editor's listeners on the window: Ctrl+S (Cmd+S) saves, and a file changed elsewhere
 * while the editor was open is noticed when the window regains focus.
 */
import { type RefObject, useEffect } from "react";
import type { DocSource } from "./api-client";

/** Saves on Ctrl+S or Cmd+S instead of the browser's "save page". */
export function useSaveShortcut(save: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [save]);
}

/** What the focus check needs to know of the open file, read when the window regains focus. */
export interface OpenedNow {
  /** The file as opened (its hash), if it is open. */
  opened?: { hash: string; info: { path: string } };
  /** Whether there are unsaved changes. */
  dirty: boolean;
}

/**
 * When the window regains focus, reads the open file again and, if its hash moved, calls
 * `onChanged` with its path and whether there are unsaved changes. `latest` is a ref so the
 * listener sees the current file without being added again on every keystroke.
 */
export function useChangedOnDisk(
  source: DocSource,
  latest: RefObject<OpenedNow>,
  onChanged: (path: string, dirty: boolean) => void,
): void {
  useEffect(() => {
    const onFocus = async () => {
      const now = latest.current.opened;
      if (!now) return;
      const file = await source.read().catch(() => undefined);
      if (!file || file.hash === now.hash) return;
      onChanged(now.info.path, latest.current.dirty);
    };
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [source, latest, onChanged]);
}

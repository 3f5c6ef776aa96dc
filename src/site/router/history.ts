/**
 * The session history the router follows: the browser's (pushState, popstate), or one kept in
 * memory (the editor's preview, the unit tests). Entries carry react-router's state shape
 * (`{ usr, key, idx }`), so a history entry made before this router keeps its key, and with it
 * its saved scroll position (use-scroll-restoration.ts).
 */

/** An address and the history entry it is in. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation passed along (`navigate(to, { state })`). */
  state: unknown;
  /** The history entry's own key ("default" for the first entry of a session). */
  key: string;
}

/** How the current entry was reached: back/forward or the first load, a new entry, or in place. */
export type NavigationType = "POP" | "PUSH" | "REPLACE";

export interface Update {
  action: NavigationType;
  location: Location;
}

export interface History {
  readonly action: NavigationType;
  readonly location: Location;
  /** Adds an entry at `to`, a whole path ('/a?b#c'). */
  push(to: string, state?: unknown): void;
  replace(to: string, state?: unknown): void;
  go(delta: number): void;
  /** Calls `listener` (the one listener) after every change; returns the function that stops it. */
  listen(listener: (update: Update) => void): () => void;
}

/** `/a?b#c` in its parts (the pathname empty for `?b`, `#c`). */
export function parsePath(path: string): Pick<Location, "pathname" | "search" | "hash"> {
  const hashAt = path.indexOf("#");
  const hash = hashAt >= 0 ? path.slice(hashAt) : "";
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf("?");
  return {
    pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest,
    search: searchAt >= 0 ? rest.slice(searchAt) : "",
    hash,
  };
}

export const createPath = ({ pathname, search, hash }: Pick<Location, "pathname" | "search" | "hash">) =>
  pathname + (search && search !== "?" ? search : "") + (hash && hash !== "#" ? hash : "");

const createKey = () => Math.random().toString(36).substring(2, 10);

interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

/** The browser's history. */
export function createBrowserHistory(): History {
  const history = window.history;
  let action: NavigationType = "POP";
  let listener: ((update: Update) => void) | null = null;
  const entryState = () => (history.state ?? {}) as EntryState;
  // Each entry numbered, as react-router numbers them (a later react-router would read them).
  if (entryState().idx == null) history.replaceState({ ...entryState(), idx: 0 }, "");
  const current = (): Location => {
    const { pathname, search, hash } = window.location;
    const { usr, key } = entryState();
    return { pathname, search, hash, state: usr ?? null, key: key ?? "default" };
  };
  const notify = () => listener?.({ action, location: current() });
  const onPopState = () => {
    action = "POP";
    notify();
  };
  const write = (kind: "PUSH" | "REPLACE", to: string, state: unknown) => {
    action = kind;
    const url = createPath(parsePath(to));
    const idx = (entryState().idx ?? 0) + (kind === "PUSH" ? 1 : 0);
    const entry: EntryState = { usr: state ?? null, key: createKey(), idx };
    if (kind === "REPLACE") history.replaceState(entry, "", url);
    else {
      try {
        history.pushState(entry, "", url);
      } catch {
        // Safari's limit of 100 pushState calls in 30 s: load the page instead.
        window.location.assign(url);
      }
    }
    notify();
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return current();
    },
    push: (to, state) => write("PUSH", to, state),
    replace: (to, state) => write("REPLACE", to, state),
    go: (delta) => history.go(delta),
    listen(next) {
      listener = next;
      window.addEventListener("popstate", onPopState);
      return () => {
        window.removeEventListener("popstate", onPopState);
        listener = null;
      };
    },
  };
}

/** A history kept in memory, starting at the last of `initialEntries`. */
export function createMemoryHistory(initialEntries: string[] = ["/"]): History {
  const entries: Location[] = initialEntries.map((path, i) => ({
    ...parsePath(path),
    state: null,
    key: i === 0 ? "default" : createKey(),
  }));
  let index = entries.length - 1;
  let action: NavigationType = "POP";
  let listener: ((update: Update) => void) | null = null;
  const entry = (to: string, state: unknown): Location => ({
    ...parsePath(to),
    state: state ?? null,
    key: createKey(),
  });
  const notify = () => listener?.({ action, location: entries[index] });
  return {
    get action() {
      return action;
    },
    get location() {
      return entries[index];
    },
    push(to, state) {
      action = "PUSH";
      entries.splice(index + 1, entries.length, entry(to, state));
      index += 1;
      notify();
    },
    replace(to, state) {
      action = "REPLACE";
      entries[index] = entry(to, state);
      notify();
    },
    go(delta) {
      action = "POP";
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      notify();
    },
    listen(next) {
      listener = next;
      return () => {
        listener = null;
      };
    },
  };
}

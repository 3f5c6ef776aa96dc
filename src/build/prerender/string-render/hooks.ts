/**
 * The hooks of the string renderer (render.ts): what React DOM 19's server renderer answers for
 * each (react-dom-server's `HooksDispatcher`), for a render that never runs twice. A component
 * that needs more (a state set while rendering, a promise not yet settled, an action state) makes
 * the render give up: the page is then rendered by React (see `Unsupported`).
 */

import { rootTree, type TreeContext, treeIdOf } from "./tree-context";

/** Thrown where the string renderer cannot be sure to write what React writes; the caller renders with React. */
export class Unsupported extends Error {}

/** A context object as React keeps it: the server renderer reads and sets `_currentValue2`. */
export interface ContextObject {
  _currentValue2: unknown;
}

interface Thenable {
  then: unknown;
  status?: string;
  value?: unknown;
}

/** A render's hook state: ids of the component being called, and whether anything asked to render again. */
export const hookState = {
  /** Where the component being called is in React's id tree (render.ts `pushTreeContext`). */
  tree: rootTree as TreeContext,
  /** How many ids the component being called has taken. */
  localIds: 0,
  /** Set when a state update was asked for during the render (React would render that component again). */
  updated: false,
};

const markUpdate = () => {
  hookState.updated = true;
};

const unsupported = (what: string) => () => {
  throw new Unsupported(what);
};

function readContext(context: ContextObject) {
  return context._currentValue2;
}

function use(usable: unknown) {
  if (usable !== null && typeof usable === "object") {
    const thenable = usable as Thenable;
    if (typeof thenable.then === "function") {
      if (thenable.status === "fulfilled") return thenable.value;
      throw new Unsupported("use() of a promise not fulfilled yet");
    }
    if ((usable as { $$typeof?: symbol }).$$typeof === Symbol.for("react.context"))
      return (usable as ContextObject)._currentValue2;
  }
  throw new Unsupported("use() of something else than a fulfilled promise or a context");
}

function useReducer(reducer: unknown, initialArg: unknown, init?: (arg: unknown) => unknown) {
  const state =
    reducer === basicStateReducer
      ? typeof initialArg === "function"
        ? (initialArg as () => unknown)()
        : initialArg
      : init !== undefined
        ? init(initialArg)
        : initialArg;
  return [state, markUpdate];
}

function basicStateReducer(state: unknown, action: unknown) {
  return typeof action === "function" ? action(state) : action;
}

const notPending = { pending: false, data: null, method: null, action: null };
const noop = () => {};

/** The dispatcher React's hooks call while the string renderer runs a component. */
export const dispatcher = {
  readContext,
  use,
  useContext: readContext,
  useMemo: (create: () => unknown) => create(),
  useReducer,
  useRef: (initialValue: unknown) => ({ current: initialValue }),
  useState: (initialState: unknown) => useReducer(basicStateReducer, initialState),
  useInsertionEffect: noop,
  useLayoutEffect: noop,
  useCallback: (callback: unknown) => callback,
  useImperativeHandle: noop,
  useEffect: noop,
  useDebugValue: noop,
  useDeferredValue: (value: unknown, initialValue?: unknown) => (initialValue !== undefined ? initialValue : value),
  useTransition: () => [false, unsupported("startTransition while rendering")],
  useId() {
    const local = hookState.localIds++;
    return `_R_${treeIdOf(hookState.tree)}${local > 0 ? `H${local.toString(32)}` : ""}_`;
  },
  useSyncExternalStore(_subscribe: unknown, _getSnapshot: unknown, getServerSnapshot?: () => unknown) {
    if (getServerSnapshot === undefined) throw new Unsupported("useSyncExternalStore without getServerSnapshot");
    return getServerSnapshot();
  },
  useOptimistic: (passthrough: unknown) => [passthrough, markUpdate],
  useActionState: unsupported("useActionState"),
  useFormState: unsupported("useFormState"),
  useHostTransitionStatus: () => notPending,
  useMemoCache: (size: number) => new Array(size).fill(Symbol.for("react.memo_cache_sentinel")),
  useCacheRefresh: unsupported("useCacheRefresh"),
  useEffectEvent: unsupported("useEffectEvent"),
};

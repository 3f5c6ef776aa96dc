/**
 * A class component as React DOM 19's server renderer runs it (react-dom-server renderElement):
 * constructed with its context, its state derived from props, rendered once. One that would
 * change its state while mounting is left to React.
 */
import { type ContextObject, hookState, Unsupported } from "./hooks";

type Props = Record<string, unknown>;

interface ClassInstance {
  props: Props;
  state: unknown;
  context: unknown;
  updater: unknown;
  render(): unknown;
  componentWillMount?: unknown;
  UNSAFE_componentWillMount?: unknown;
  getSnapshotBeforeUpdate?: unknown;
}

const classUpdater = {
  isMounted: () => false,
  enqueueSetState: () => {
    hookState.updated = true;
  },
  enqueueReplaceState: () => {
    hookState.updated = true;
  },
  enqueueForceUpdate: () => {},
};

export type ClassType = (new (p: Props, c: unknown) => ClassInstance) & Record<string, unknown>;

/** A class component as React's server renderer runs it: constructed, derived state, render. */
export function renderClass(type: ClassType, props: Props): unknown {
  let own = props;
  if ("ref" in props) {
    own = {};
    for (const key in props) if (key !== "ref") own[key] = props[key];
  }
  const defaults = type.defaultProps as Props | undefined;
  if (defaults) {
    if (own === props) own = { ...props };
    for (const key in defaults) if (own[key] === undefined) own[key] = defaults[key];
  }
  const contextType = type.contextType as ContextObject | undefined;
  const context = typeof contextType === "object" && contextType !== null ? contextType._currentValue2 : {};
  const instance = new type(own, context);
  const initial = instance.state !== undefined ? instance.state : null;
  instance.updater = classUpdater;
  instance.props = own;
  instance.state = initial;
  instance.context = context;
  const derive = type.getDerivedStateFromProps as ((p: Props, s: unknown) => unknown) | undefined;
  if (typeof derive === "function") {
    const partial = derive(own, initial);
    instance.state = partial === null || partial === undefined ? initial : { ...(initial as object), ...partial };
  } else if (
    typeof instance.getSnapshotBeforeUpdate !== "function" &&
    (typeof instance.componentWillMount === "function" || typeof instance.UNSAFE_componentWillMount === "function")
  )
    throw new Unsupported("a class component with componentWillMount");
  return instance.render();
}

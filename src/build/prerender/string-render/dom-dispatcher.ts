/**
 * What ReactDOM.preload() and its kin reach while the string renderer runs (react-dom's internal
 * dispatcher `d`): image preloads are written as React writes them, anything else is left to React.
 */
import { Unsupported } from "./hooks";
import { imageLink, type Resources } from "./resources";

type Props = Record<string, unknown>;

/** What ReactDOM.preload() and its kin reach while the string renderer runs: image preloads only. */
export function renderDispatcher(
  previous: Record<string, unknown>,
  resources: () => Resources,
): Record<string, unknown> {
  const leftToReact = (what: string) => () => {
    throw new Unsupported(`ReactDOM.${what}(), left to React`);
  };
  return {
    ...previous,
    D: leftToReact("prefetchDNS"),
    C: leftToReact("preconnect"),
    L: (href: string, as: string, options?: Props) => {
      if (!as || !href) return;
      if (as !== "image") throw new Unsupported(`ReactDOM.preload() of ${as}, left to React`);
      imageLink(resources(), href, options);
    },
    m: leftToReact("preloadModule"),
    X: leftToReact("preinit"),
    S: leftToReact("preinit"),
    M: leftToReact("preinitModule"),
  };
}

/**
 * A renderer of React elements to an HTML string that writes, byte for byte, what React DOM 19's
 * `renderToString` writes, for the elements a page's content is made of: host elements, function
 * and simple class components, providers, fragments, memo, forwardRef, settled lazy components,
 * Suspense boundaries whose content does not suspend, `useId`'s ids and the image preloads React
 * puts first, with none of Fizz's tasks, segments and chunks. The components' own code is most of
 * a render either way: a treatment page's content takes about 0.83x React's CPU time.
 *
 * It is React's code ported (react-dom-server-legacy: retryNode, renderElement, pushStartInstance,
 * pushTreeContext, preload), not a guess at its output. React's MIT license and copyright notice
 * travel with the port (LICENSE in this folder). Anything it does not handle as React does
 * (<form>, <select>, <textarea>, <head> tags, portals, a state set while rendering, a promise not settled, any
 * error) throws `Unsupported` inside, and `renderStatic` returns null: the caller renders with React.
 */
import * as React from "react";
import * as ReactDOM from "react-dom";
import { escapeText, lastAttributes, lastProps, pushAttribute } from "./attributes";
import { type ClassType, renderClass } from "./class-component";
import { renderDispatcher } from "./dom-dispatcher";
import { type ContextObject, dispatcher, hookState, Unsupported } from "./hooks";
import { preloadImage, type Resources, resourcesHtml } from "./resources";
import { pushTreeContext, rootTree } from "./tree-context";

export { Unsupported } from "./hooks";

// React's internals, as react-dom-server reaches them: `H` is the hooks dispatcher, `d` the one
// ReactDOM.preload() and its kin call.
const internals = (React as unknown as Record<string, { H: unknown }>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
const domInternals = (ReactDOM as unknown as Record<string, { d: Record<string, unknown> }>)
  .__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;

const ELEMENT = Symbol.for("react.transitional.element");
const FRAGMENT = Symbol.for("react.fragment");
const STRICT_MODE = Symbol.for("react.strict_mode");
const PROFILER = Symbol.for("react.profiler");
const SUSPENSE = Symbol.for("react.suspense");
const CONTEXT = Symbol.for("react.context");
const CONSUMER = Symbol.for("react.consumer");
const FORWARD_REF = Symbol.for("react.forward_ref");
const MEMO = Symbol.for("react.memo");
const LAZY = Symbol.for("react.lazy");

type Props = Record<string, unknown>;
interface ElementLike {
  $$typeof: symbol;
  type: unknown;
  props: Props;
}
interface LazyLike {
  _payload: unknown;
  _init: (payload: unknown) => unknown;
}

/** Tags React writes in a way of their own (forms, <head> content, preformatted text, the document): left to React. */
const reactOnly = new Set([
  "select",
  "option",
  "textarea",
  "form",
  "menuitem",
  "object",
  "title",
  "link",
  "script",
  "style",
  "meta",
  "listing",
  "pre",
  "noscript",
  "head",
  "body",
  "html",
]);
const voidTags = new Set([
  "img",
  "input",
  "base",
  "area",
  "br",
  "col",
  "embed",
  "hr",
  "keygen",
  "param",
  "source",
  "track",
  "wbr",
]);
const validTag = /^[a-zA-Z][a-zA-Z:_.\-\d]*$/;
/** Each tag seen, by how it is written: 0 left to React, 1 an element with children, 2 a void element. */
const tagKinds = new Map<string, 0 | 1 | 2>();

/** The state of the one render under way (renders are synchronous and never nest). */
let out = "";
let lastText = false;
let tree = rootTree;
let inPicture = false;
let resources: Resources = { images: new Set(), high: new Set(), bulk: new Set(), promotable: new Map() };
const provided: { context: ContextObject; previous: unknown }[] = [];

function text(value: string) {
  if (value === "") return;
  if (lastText) out += "<!-- -->";
  out += escapeText(value);
  lastText = true;
}

function renderNode(node: unknown) {
  if (node === null || node === undefined) return;
  switch (typeof node) {
    case "string":
      text(node);
      return;
    case "number":
    case "bigint":
      text(`${node}`);
      return;
    case "object":
      break;
    default:
      return;
  }
  const kind = (node as { $$typeof?: symbol }).$$typeof;
  if (kind === ELEMENT) {
    const element = node as ElementLike;
    renderElement(element.type, element.props);
    return;
  }
  if (kind === LAZY) return renderNode(resolveLazy(node as LazyLike));
  if (Array.isArray(node)) return renderChildren(node);
  const iterate = (node as { [Symbol.iterator]?: () => Iterator<unknown> })[Symbol.iterator];
  if (typeof iterate === "function") {
    const items = Array.from({ [Symbol.iterator]: () => iterate.call(node) });
    if (items.length > 0) renderChildren(items);
    return;
  }
  if (kind === CONTEXT) return renderNode((node as ContextObject)._currentValue2);
  throw new Unsupported("a child that is not an element, a text or a list");
}

function renderChildren(children: unknown[]) {
  const base = tree;
  for (let i = 0; i < children.length; i++) {
    tree = pushTreeContext(base, children.length, i);
    renderNode(children[i]);
  }
  tree = base;
}

function resolveLazy(lazy: LazyLike): unknown {
  // A lazy part not loaded yet throws its promise: React would suspend there.
  return lazy._init(lazy._payload);
}

function renderElement(type: unknown, props: Props) {
  if (typeof type === "function") {
    if (type.prototype?.isReactComponent) return renderNode(renderClass(type as unknown as ClassType, props));
    return renderFunction(type as (p: Props, second?: unknown) => unknown, props, undefined);
  }
  if (typeof type === "string") return renderHost(type, props);
  switch (type) {
    case FRAGMENT:
    case STRICT_MODE:
    case PROFILER:
      return renderNode(props.children);
    case SUSPENSE:
      return renderSuspense(props);
  }
  const kind = (type as { $$typeof?: symbol } | null)?.$$typeof;
  switch (kind) {
    case FORWARD_REF: {
      let rest = props;
      if ("ref" in props) {
        rest = {};
        for (const key in props) if (key !== "ref") rest[key] = props[key];
      }
      return renderFunction((type as { render: (p: Props, ref: unknown) => unknown }).render, rest, props.ref);
    }
    case MEMO:
      return renderElement((type as { type: unknown }).type, props);
    case CONTEXT: {
      const context = type as ContextObject;
      provided.push({ context, previous: context._currentValue2 });
      context._currentValue2 = props.value;
      renderNode(props.children);
      context._currentValue2 = provided.pop()?.previous;
      return;
    }
    case CONSUMER: {
      const render = props.children as (value: unknown) => unknown;
      return renderNode(render((type as { _context: ContextObject })._context._currentValue2));
    }
    case LAZY:
      return renderElement(resolveLazy(type as LazyLike), props);
  }
  throw new Unsupported(`an element of a kind left to React (${String(kind ?? type)})`);
}

function renderFunction(component: (p: Props, second?: unknown) => unknown, props: Props, second: unknown) {
  hookState.tree = tree;
  hookState.localIds = 0;
  const children = component(props, second);
  // A component that took an id moves its children one level down React's id tree.
  if (hookState.localIds !== 0) {
    const base = tree;
    tree = pushTreeContext(base, 1, 0);
    renderNode(children);
    tree = base;
  } else renderNode(children);
}

/** A Suspense boundary whose content renders without suspending, as renderToString writes it. */
function renderSuspense(props: Props) {
  lastText = false;
  out += "<!--$-->";
  renderNode(props.children);
  out += "<!--/$-->";
  lastText = false;
}

function renderHost(type: string, props: Props) {
  let kind = tagKinds.get(type);
  if (kind === undefined) {
    kind = reactOnly.has(type) || type.includes("-") || !validTag.test(type) ? 0 : voidTags.has(type) ? 2 : 1;
    tagKinds.set(type, kind);
  }
  if (kind === 0) throw new Unsupported(`a <${type}> element, left to React`);
  if (type === "img" && !inPicture) preloadImage(resources, props);
  out += `<${type}`;
  let children: unknown = null;
  let inner: unknown = null;
  const deferred = lastProps.get(type);
  let last: Props | undefined;
  for (const key in props) {
    if (!Object.hasOwn(props, key)) continue;
    const value = props[key];
    if (value === null || value === undefined) continue;
    if (key === "children") children = value;
    else if (key === "dangerouslySetInnerHTML") inner = value;
    else if (key === "href" && value === "" && type === "a") out += ' href=""';
    else if (deferred?.has(key)) {
      last ??= {};
      last[key] = value;
    } else out += pushAttribute(key, value);
  }
  if (last) out += lastAttributes(type, last);
  if (kind === 2) {
    if (children !== null || inner !== null) throw new Unsupported(`a <${type}> with children`);
    out += "/>";
    lastText = false;
    return;
  }
  out += ">";
  if (inner !== null) {
    if (children !== null || typeof inner !== "object" || !("__html" in inner))
      throw new Unsupported("dangerouslySetInnerHTML React would refuse");
    const html = (inner as { __html: unknown }).__html;
    if (html !== null && html !== undefined) out += `${html}`;
  }
  lastText = false;
  if (typeof children === "string") out += escapeText(children);
  else if (type === "picture" && !inPicture) {
    inPicture = true;
    renderNode(children);
    inPicture = false;
  } else renderNode(children);
  out += `</${type}>`;
  lastText = false;
}

/** Why renders fell back to React, and how many did not (tests, and the build's own check). */
export const staticRenderUse = { rendered: 0, fellBack: 0, reasons: new Map<string, number>() };

/**
 * `element` as `renderToString` writes it, or null where this renderer cannot be sure to write
 * the same (then render it with React: it also throws React's own errors).
 */
export function renderStatic(element: unknown): string | null {
  const previousHooks = internals.H;
  const previousDom = domInternals.d;
  internals.H = dispatcher;
  domInternals.d = renderDispatcher(previousDom, () => resources);
  out = "";
  lastText = false;
  tree = rootTree;
  inPicture = false;
  hookState.updated = false;
  resources = { images: new Set(), high: new Set(), bulk: new Set(), promotable: new Map() };
  try {
    renderNode(element);
    if (hookState.updated) throw new Unsupported("a state update while rendering");
    staticRenderUse.rendered++;
    return resourcesHtml(resources) + out;
  } catch (error) {
    staticRenderUse.fellBack++;
    const reason = error instanceof Unsupported ? error.message : "an error or a suspending component";
    staticRenderUse.reasons.set(reason, (staticRenderUse.reasons.get(reason) ?? 0) + 1);
    return null;
  } finally {
    internals.H = previousHooks;
    domInternals.d = previousDom;
    for (let entry = provided.pop(); entry; entry = provided.pop()) entry.context._currentValue2 = entry.previous;
    out = "";
  }
}

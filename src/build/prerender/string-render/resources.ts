/**
 * The image preloads React DOM 19's server renderer puts before a render's first element: one
 * for each <img> it may preload (react-dom-server `pushStartInstance` case "img") and each
 * ReactDOM.preload(…, { as: "image" }) (`preload`), high-priority ones first. renderToString
 * has no headers to put them in, so each is a <link rel="preload">.
 */
import { pushAttribute } from "./attributes";

/** One preload link; emptied once written, as React's are (an image promoted is in two lists). */
interface Resource {
  html: string;
}

/** The preloads of one render. */
export interface Resources {
  /** Images preloaded so far, by key (their srcset and sizes, or their src). */
  images: Set<string>;
  high: Set<Resource>;
  bulk: Set<Resource>;
  /** Low-priority image preloads an <img> may still move to the high ones. */
  promotable: Map<string, Resource>;
}

type Props = Record<string, unknown>;

/** A <link> as React writes it (pushLinkImpl). */
function link(props: Props): Resource {
  let html = "<link";
  for (const key in props) {
    const value = props[key];
    if (Object.hasOwn(props, key) && value !== null && value !== undefined) html += pushAttribute(key, value);
  }
  return { html: `${html}/>` };
}

const isData = (url: unknown) => typeof url === "string" && url[4] === ":" && url.slice(0, 4).toLowerCase() === "data";

/** React preloads at most ten images of normal priority in the high list. */
const highImages = 10;

/** The preload an <img> (not inside a <picture>) adds, if any. */
export function preloadImage(resources: Resources, props: Props) {
  const { src, srcSet } = props;
  if (
    props.loading === "lazy" ||
    (!src && !srcSet) ||
    (typeof src !== "string" && src != null) ||
    (typeof srcSet !== "string" && srcSet != null) ||
    props.fetchPriority === "low" ||
    isData(src) ||
    isData(srcSet)
  )
    return;
  const sizes = typeof props.sizes === "string" ? props.sizes : undefined;
  const key = srcSet ? `${srcSet}\n${sizes || ""}` : (src as string);
  const high = props.fetchPriority === "high" || resources.high.size < highImages;
  const promotable = resources.promotable.get(key);
  if (promotable) {
    if (high) {
      resources.promotable.delete(key);
      resources.high.add(promotable);
    }
    return;
  }
  if (resources.images.has(key)) return;
  resources.images.add(key);
  const crossOrigin =
    typeof props.crossOrigin === "string"
      ? props.crossOrigin === "use-credentials"
        ? props.crossOrigin
        : ""
      : undefined;
  const resource = link({
    rel: "preload",
    as: "image",
    href: srcSet ? undefined : src,
    imageSrcSet: srcSet,
    imageSizes: sizes,
    crossOrigin,
    integrity: props.integrity,
    type: props.type,
    fetchPriority: props.fetchPriority,
    referrerPolicy: props.referrerPolicy,
  });
  if (high) resources.high.add(resource);
  else {
    resources.bulk.add(resource);
    resources.promotable.set(key, resource);
  }
}

/** ReactDOM.preload(href, { as: "image", … }) while rendering. */
export function imageLink(resources: Resources, href: string, options: Props | undefined) {
  const imageSrcSet = options?.imageSrcSet;
  const key = imageSrcSet ? `${imageSrcSet}\n${options?.imageSizes || ""}` : href;
  if (resources.images.has(key)) return;
  resources.images.add(key);
  const resource = link({ rel: "preload", href: imageSrcSet ? undefined : href, as: "image", ...options });
  if (options?.fetchPriority === "high") resources.high.add(resource);
  else {
    resources.bulk.add(resource);
    resources.promotable.set(key, resource);
  }
}

/** The preload links, in the order React writes them: high priority, then the others. */
export function resourcesHtml(resources: Resources): string {
  let html = "";
  for (const list of [resources.high, resources.bulk])
    for (const resource of list) {
      html += resource.html;
      resource.html = "";
    }
  return html;
}

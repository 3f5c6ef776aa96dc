/**
 * The sanitiser for HTML inside content strings: DOMPurify with the allowlist of html-allowlist.ts.
 * The same code runs everywhere, each time over an HTML parser that follows the HTML standard: the
 * browser's own in the browser, jsdom's (parse5) in Node (the validator and the prerenderer), so a
 * string is read the way the browser reads the page it ends up in.
 *
 * Besides the allowlist it adds the one change made by design: an off-site link gets
 * rel="noopener noreferrer" (html-allowlist.ts `relFor`).
 */
import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from "dompurify";
import {
  allowedTags,
  isAllowedAttribute,
  isAllowedAttributeValue,
  refusedRelTokens,
  relFor,
  strippedWithBody,
} from "./html-allowlist";

/** One thing sanitising removed or rewrote, for the validator to name. */
export type Removal =
  | { kind: "element"; tag: string }
  | { kind: "comment" }
  | { kind: "attribute"; tag: string; name: string; value: string }
  | { kind: "rel"; tag: string; tokens: string[] };

/** A sanitiser bound to one window (its HTML parser). */
export interface Sanitiser {
  /** The string with everything outside the allowlist removed, and unbalanced tags balanced. */
  sanitize(html: string): string;
  /** As `sanitize`, with the list of what was removed or rewritten. */
  inspect(html: string): { html: string; removed: Removal[] };
}

const config: Config = {
  ALLOWED_TAGS: Object.keys(allowedTags),
  ALLOWED_ATTR: [...new Set(Object.values(allowedTags).flat())],
  ALLOW_ARIA_ATTR: false,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Our hook decides on addresses (html-allowlist.ts `linkKind`); DOMPurify's own URI check stays on
  // as a second lock, with a pattern no looser than ours.
  ALLOWED_URI_REGEXP: /^(?:https:\/\/|mailto:|tel:|\/(?![/\\])|#)/i,
  // DOMPurify holds every other attribute's value to that pattern too; these two are link types
  // and a target name, judged by our hook instead.
  ADD_URI_SAFE_ATTR: ["rel", "target"],
  ADD_FORBID_CONTENTS: strippedWithBody,
  KEEP_CONTENT: true,
  // Parse the string where content goes, inside the body: a leading <style> or <title> must not
  // be moved into a <head> (and read differently) before it is judged.
  FORCE_BODY: true,
  SAFE_FOR_XML: true,
};

/** The lower-case tag name of an element. */
const tagOf = (node: Element) => node.nodeName.toLowerCase();

/** Makes the sanitiser over `window`'s HTML parser. */
export function createSanitiser(window: WindowLike): Sanitiser {
  const purify: DOMPurify = createDOMPurify(window);
  // Set once: passing the config to every call would make DOMPurify read it again each time.
  purify.setConfig(config);
  let notes: Removal[] = [];

  // An element's `is` (a customised built-in) is fixed when the parser makes it: removing the
  // attribute leaves it in place, and jsdom's serialiser writes it back out. Such an element is
  // unwrapped instead, keeping what it holds.
  purify.addHook("uponSanitizeElement", (node) => {
    if (node.nodeType !== 1 || !(node as Element).hasAttribute("is")) return;
    const element = node as Element;
    notes.push({ kind: "attribute", tag: tagOf(element), name: "is", value: element.getAttribute("is") ?? "" });
    element.replaceWith(...element.childNodes);
  });

  purify.addHook("uponSanitizeAttribute", (node, event) => {
    const tag = tagOf(node);
    const name = event.attrName;
    // DOMPurify hands hooks the value trimmed; judge what was written.
    const written = node.getAttribute(name) ?? event.attrValue;
    if (!isAllowedAttribute(tag, name) || !isAllowedAttributeValue(tag, name, written)) {
      event.keepAttr = false;
      return;
    }
    if (name === "rel") {
      const refused = refusedRelTokens(written);
      if (refused.length > 0) notes.push({ kind: "rel", tag, tokens: refused });
    }
  });

  purify.addHook("afterSanitizeAttributes", (node) => {
    if (tagOf(node) !== "a") return;
    const rel = relFor(node.getAttribute("href"), node.getAttribute("rel"));
    if (rel === null) node.removeAttribute("rel");
    else if (rel !== node.getAttribute("rel")) node.setAttribute("rel", rel);
  });

  const run = (html: string) => {
    notes = [];
    return purify.sanitize(html) as string;
  };

  return {
    sanitize: run,
    inspect(html) {
      const output = run(html);
      const removed: Removal[] = [];
      // The first two are DOMPurify's own scaffolding: the body it parses into and the marker
      // element FORCE_BODY puts first.
      let marker = true;
      for (const item of purify.removed) {
        if ("attribute" in item) {
          if (!item.attribute || !item.from) continue;
          removed.push({
            kind: "attribute",
            tag: tagOf(item.from as Element),
            name: item.attribute.name.toLowerCase(),
            value: item.attribute.value,
          });
        } else if (item.element.nodeType === 8) removed.push({ kind: "comment" });
        else if (item.element.nodeType === 1) {
          const tag = tagOf(item.element as Element);
          if (tag === "body" || (tag === "remove" && marker)) {
            if (tag === "remove") marker = false;
            continue;
          }
          removed.push({ kind: "element", tag });
        }
      }
      return { html: output, removed: [...removed, ...notes] };
    },
  };
}

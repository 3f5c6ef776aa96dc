/**
 * Text and attributes written as React DOM 19's server renderer writes them (react-dom-server:
 * `escapeTextForBrowser`, `pushAttribute`, `pushStyleAttribute`), for the string renderer
 * (render.ts). Ported line by line, the same cases in the same order: a difference of one byte
 * would make the browser's hydration see another page. tests/prerender/string-render.test.tsx
 * compares the two over tricky inputs, and the build's pages are the same files either way.
 */
import { Unsupported } from "./hooks";
import { attributeAliases, unitlessNumbers } from "./react-tables";

const escapes = /["'&<>]/;

/** A text as React writes it into HTML. */
export function escapeText(value: unknown): string {
  if (typeof value === "boolean" || typeof value === "number" || typeof value === "bigint") return `${value}`;
  const text = `${value}`;
  const match = escapes.exec(text);
  if (!match) return text;
  let html = "";
  let last = 0;
  let index = match.index;
  for (; index < text.length; index++) {
    let escaped: string;
    switch (text.charCodeAt(index)) {
      case 34:
        escaped = "&quot;";
        break;
      case 38:
        escaped = "&amp;";
        break;
      case 39:
        escaped = "&#x27;";
        break;
      case 60:
        escaped = "&lt;";
        break;
      case 62:
        escaped = "&gt;";
        break;
      default:
        continue;
    }
    if (last !== index) html += text.slice(last, index);
    last = index + 1;
    html += escaped;
  }
  return last !== index ? html + text.slice(last, index) : html;
}

const javascriptUrl =
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
const sanitizeUrl = (url: string) =>
  javascriptUrl.test(url)
    ? "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')"
    : url;

// React's own pattern (VALID_ATTRIBUTE_NAME_REGEX), combining marks and all.
const validName =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: React's pattern as it is, to accept the names React accepts.
  /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\-.0-9\u00B7\u0300-\u036F\u203F-\u2040]*$/;
const nameSafety = new Map<string, boolean>();
function isNameSafe(name: string): boolean {
  let safe = nameSafety.get(name);
  if (safe === undefined) {
    safe = validName.test(name);
    nameSafety.set(name, safe);
  }
  return safe;
}

const skipped = (value: unknown) => typeof value === "function" || typeof value === "symbol";
const attribute = (name: string, value: unknown) => ` ${name}="${escapeText(value)}"`;
const stringAttribute = (name: string, value: unknown) =>
  skipped(value) || typeof value === "boolean" ? "" : attribute(name, value);
const urlAttribute = (name: string, value: unknown) =>
  value == null || skipped(value) || typeof value === "boolean" ? "" : attribute(name, sanitizeUrl(`${value}`));
const booleanAttribute = (name: string, value: unknown) => (value && !skipped(value) ? ` ${name}=""` : "");

const styleNames = new Map<string, string>();

/** A `style` object as React writes it: names hyphenated, numbers in px unless unitless. */
export function styleAttribute(style: unknown): string {
  if (typeof style !== "object" || style === null)
    throw new Error(
      "The `style` prop expects a mapping from style properties to values, not a string. For example, style={{marginRight: spacing + 'em'}} when using JSX.",
    );
  let out = "";
  for (const name in style) {
    if (!Object.hasOwn(style, name)) continue;
    const value = (style as Record<string, unknown>)[name];
    if (value == null || typeof value === "boolean" || value === "") continue;
    let nameText: string;
    let valueText: string;
    if (name.startsWith("--")) {
      nameText = escapeText(name);
      valueText = escapeText(`${value}`.trim());
    } else {
      let cached = styleNames.get(name);
      if (cached === undefined) {
        cached = escapeText(
          name
            .replace(/([A-Z])/g, "-$1")
            .toLowerCase()
            .replace(/^ms-/, "-ms-"),
        );
        styleNames.set(name, cached);
      }
      nameText = cached;
      valueText =
        typeof value === "number"
          ? value === 0 || unitlessNumbers.has(name)
            ? `${value}`
            : `${value}px`
          : escapeText(`${value}`.trim());
    }
    out += out === "" ? ` style="${nameText}:${valueText}` : `;${nameText}:${valueText}`;
  }
  return out === "" ? "" : `${out}"`;
}

/** Attributes React writes under a name with a colon, as plain strings. */
const renamedAttributes = new Map([
  ["xlinkActuate", "xlink:actuate"],
  ["xlinkArcrole", "xlink:arcrole"],
  ["xlinkRole", "xlink:role"],
  ["xlinkShow", "xlink:show"],
  ["xlinkTitle", "xlink:title"],
  ["xlinkType", "xlink:type"],
  ["xmlBase", "xml:base"],
  ["xmlLang", "xml:lang"],
  ["xmlSpace", "xml:space"],
]);

/** One attribute of an element (a prop that is not children or dangerouslySetInnerHTML), as React writes it. */
export function pushAttribute(name: string, value: unknown): string {
  switch (name) {
    case "className":
      return stringAttribute("class", value);
    case "tabIndex":
      return stringAttribute("tabindex", value);
    case "dir":
    case "role":
    case "viewBox":
    case "width":
    case "height":
      return stringAttribute(name, value);
    case "style":
      return styleAttribute(value);
    case "src":
    case "href":
      if (value === "") return "";
      return urlAttribute(name, value);
    case "action":
    case "formAction":
      return urlAttribute(name, value);
    case "defaultValue":
    case "defaultChecked":
    case "innerHTML":
    case "suppressContentEditableWarning":
    case "suppressHydrationWarning":
    case "ref":
      return "";
    case "autoFocus":
    case "multiple":
    case "muted":
      return booleanAttribute(name.toLowerCase(), value);
    case "xlinkHref":
      if (skipped(value) || typeof value === "boolean") return "";
      return attribute("xlink:href", sanitizeUrl(`${value}`));
    case "contentEditable":
    case "spellCheck":
    case "draggable":
    case "value":
    case "autoReverse":
    case "externalResourcesRequired":
    case "focusable":
    case "preserveAlpha":
      return skipped(value) ? "" : attribute(name, value);
    case "inert":
    case "allowFullScreen":
    case "async":
    case "autoPlay":
    case "controls":
    case "credentialless":
    case "default":
    case "defer":
    case "disabled":
    case "disablePictureInPicture":
    case "disableRemotePlayback":
    case "formNoValidate":
    case "hidden":
    case "loop":
    case "noModule":
    case "noValidate":
    case "open":
    case "playsInline":
    case "readOnly":
    case "required":
    case "reversed":
    case "scoped":
    case "seamless":
    case "itemScope":
      return booleanAttribute(name, value);
    case "capture":
    case "download":
      if (value === true) return ` ${name}=""`;
      return value === false || skipped(value) ? "" : attribute(name, value);
    case "cols":
    case "rows":
    case "size":
    case "span":
      return skipped(value) || Number.isNaN(Number(value)) || !((value as number) >= 1) ? "" : attribute(name, value);
    case "rowSpan":
    case "start":
      return skipped(value) || Number.isNaN(Number(value)) ? "" : attribute(name, value);
    default: {
      const renamed = renamedAttributes.get(name);
      if (renamed) return stringAttribute(renamed, value);
      // Event handlers (on…) are never written.
      if (name.length > 2 && (name[0] === "o" || name[0] === "O") && (name[1] === "n" || name[1] === "N")) return "";
      const written = attributeAliases.get(name) ?? name;
      if (!isNameSafe(written) || skipped(value)) return "";
      if (typeof value === "boolean") {
        const prefix = written.toLowerCase().slice(0, 5);
        if (prefix !== "data-" && prefix !== "aria-") return "";
      }
      return attribute(written, value);
    }
  }
}

const formProps = ["name", "formAction", "formEncType", "formMethod", "formTarget"];
/** Props a button or an input writes after the others, in an order of their own (pushStartInstance). */
export const lastProps = new Map([
  ["button", new Set(formProps)],
  ["input", new Set([...formProps, "checked", "defaultChecked", "value", "defaultValue"])],
]);

/**
 * A button's or an input's form attributes (pushFormActionAttribute), then an input's checked
 * and value, each from its default when not set.
 */
export function lastAttributes(type: string, last: Record<string, unknown>): string {
  if (typeof last.formAction === "function") throw new Unsupported(`a <${type}> with a form action function`);
  let html = "";
  for (const key of formProps) if (last[key] != null) html += pushAttribute(key, last[key]);
  if (type !== "input") return html;
  const checked = last.checked ?? last.defaultChecked;
  if (checked != null && checked && typeof checked !== "function" && typeof checked !== "symbol") html += ' checked=""';
  const value = last.value ?? last.defaultValue;
  if (value != null) html += pushAttribute("value", value);
  return html;
}

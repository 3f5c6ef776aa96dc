/**
 * Writes edited JSON back in the shape it was read, so a git diff shows only what changed.
 *
 * `printJson(value, original)` walks the new value beside the original text's syntax tree: any
 * part whose value did not change is copied from the original byte for byte (its layout, escapes
 * and number spelling included); a changed object keeps its keys in their original order (new
 * keys go last) and keeps its layout, one line or one key per line; array elements that only
 * moved keep their text. New values take the layout of their siblings. Without an original the
 * result is `JSON.stringify(value, null, 2)` and a newline, the repository's format.
 */
import { getNodeValue, type Node, parseTree } from "jsonc-parser";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Style {
  /** One indentation step, such as two spaces. */
  unit: string;
  newline: string;
}

interface Printer {
  text: string;
  style: Style;
  values: WeakMap<Node, unknown>;
}

/** Prints `value` as JSON, reusing the layout of `original` (the file's current text) where it can. */
export function printJson(value: unknown, original?: string): string {
  const plain = toJson(value);
  const tree = original === undefined ? undefined : parseTree(original);
  if (original === undefined || !tree) return `${JSON.stringify(plain, null, 2)}\n`;
  const printer: Printer = { text: original, style: detectStyle(original), values: new WeakMap() };
  const body = emit(printer, tree, plain, 0, false);
  const before = original.slice(0, tree.offset);
  const after = original.slice(tree.offset + tree.length);
  return before + body + after;
}

/** Drops what JSON cannot hold (undefined properties), as JSON.stringify does, so comparisons see JSON. */
export function toJson(value: unknown): Json {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) return null;
    return (value === undefined ? null : value) as Json;
  }
  if (Array.isArray(value)) return value.map((item) => toJson(item));
  const out: { [key: string]: Json } = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined && typeof item !== "function") out[key] = toJson(item);
  }
  return out;
}

/** Deep equality of two JSON values; key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every(
    (key) => Object.hasOwn(bRecord, key) && jsonEqual((a as Record<string, unknown>)[key], bRecord[key]),
  );
}

function detectStyle(text: string): Style {
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const indented = /\n([ \t]+)\S/.exec(text);
  return { unit: indented ? indented[1] : "  ", newline };
}

function nodeValue(printer: Printer, node: Node): unknown {
  if (!printer.values.has(node)) printer.values.set(node, getNodeValue(node));
  return printer.values.get(node);
}

function source(printer: Printer, node: Node): string {
  return printer.text.slice(node.offset, node.offset + node.length);
}

function isOneLine(printer: Printer, node: Node): boolean {
  return !/[\r\n]/.test(source(printer, node));
}

/** Prints `value` where `node` stood (or stands in for it): the original text if nothing changed. */
function emit(printer: Printer, node: Node | undefined, value: Json, depth: number, inline: boolean): string {
  if (node && jsonEqual(nodeValue(printer, node), value)) return source(printer, node);
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const wantType = Array.isArray(value) ? "array" : "object";
  const template = node?.type === wantType ? node : undefined;
  const oneLine = inline || (template !== undefined && isOneLine(printer, template) && hasContent(template));
  if (Array.isArray(value)) return emitArray(printer, template, value, depth, oneLine);
  return emitObject(printer, template, value, depth, oneLine);
}

function emitObject(
  printer: Printer,
  node: Node | undefined,
  value: { [key: string]: Json },
  depth: number,
  oneLine: boolean,
): string {
  const originals = new Map<string, Node | undefined>();
  for (const property of node?.children ?? []) {
    const [key, child] = property.children ?? [];
    if (key) originals.set(String(key.value), child);
  }
  // Keys keep their place in the file; keys the file did not have go last, in the order given.
  const keys = new Set([...[...originals.keys()].filter((k) => Object.hasOwn(value, k)), ...Object.keys(value)]);
  if (keys.size === 0) return "{}";
  // A new value sits on one line when its sibling objects and arrays do (and it is flat).
  const siblingsOneLine = siblingsInline(printer, [...originals.values()]);
  const entries = [...keys].map((key) => {
    const child = originals.get(key);
    const inline = oneLine || (!child && siblingsOneLine && isFlat(value[key]));
    return `${JSON.stringify(key)}: ${emit(printer, child, value[key], depth + 1, inline)}`;
  });
  return wrap(printer, "{", "}", entries, depth, oneLine, node);
}

function emitArray(printer: Printer, node: Node | undefined, value: Json[], depth: number, oneLine: boolean): string {
  const children = node?.children ?? [];
  const used = new Set<Node>();
  const unchanged = (child: Node | undefined, item: Json) =>
    child !== undefined && !used.has(child) && jsonEqual(nodeValue(printer, child), item);
  // An element that did not change keeps its text even if it moved; otherwise the element that
  // stood at its index (or the last one, for an element added at the end) sets its layout.
  const entries = value.map((item, index) => {
    const same = unchanged(children[index], item) ? children[index] : children.find((c) => unchanged(c, item));
    if (same) {
      used.add(same);
      return source(printer, same);
    }
    const layout = children[index] ?? children[children.length - 1];
    const inline =
      oneLine || (layout !== undefined && isContainer(layout) && isOneLine(printer, layout) && isFlat(item));
    return emit(printer, children[index], item, depth + 1, inline);
  });
  if (entries.length === 0) return "[]";
  return wrap(printer, "[", "]", entries, depth, oneLine, node);
}

function wrap(
  printer: Printer,
  open: string,
  close: string,
  entries: string[],
  depth: number,
  oneLine: boolean,
  node: Node | undefined,
): string {
  if (oneLine) {
    // Keep the container's own spacing: `{ "a": 1 }` or `["a", "b"]`.
    const pad = (node ? /^[[{] /.test(source(printer, node)) : open === "{") ? " " : "";
    return `${open}${pad}${entries.join(", ")}${pad}${close}`;
  }
  const { unit, newline } = printer.style;
  const inner = unit.repeat(depth + 1);
  return `${open}${newline}${entries.map((e) => inner + e).join(`,${newline}`)}${newline}${unit.repeat(depth)}${close}`;
}

function isContainer(node: Node): boolean {
  return node.type === "object" || node.type === "array";
}

function hasContent(node: Node): boolean {
  return (node.children?.length ?? 0) > 0;
}

function siblingsInline(printer: Printer, nodes: (Node | undefined)[]): boolean {
  const containers = nodes.filter((n): n is Node => n !== undefined && isContainer(n) && hasContent(n));
  return containers.length > 0 && containers.every((n) => isOneLine(printer, n));
}

/** Flat values (no nested objects or arrays) can sit on one line like their siblings. */
function isFlat(value: Json): boolean {
  if (value === null || typeof value !== "object") return true;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.every((item) => item === null || typeof item !== "object");
}

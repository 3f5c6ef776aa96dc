/**
 * The placeholders of a text, as the site's message formatter (FormatJS's ICU MessageFormat,
 * src/site/i18n/format.ts) reads them: '{name}', '{count, plural, one {# doctor} other {# doctors}}'.
 * A translation must use the same ones as its English text, or the page would show a value in the
 * wrong place or not at all. Used by the validator and the editor; pure.
 */
import { isStructurallySame, parse } from "@formatjs/icu-messageformat-parser";

type Ast = ReturnType<typeof parse>;

/** The parsed message, or undefined when the text is not a valid message (shown as written). */
export function parseMessage(text: string): Ast | undefined {
  if (!text.includes("{")) return [{ type: 0, value: text }] as Ast;
  try {
    return parse(text, { ignoreTag: true, requiresOtherClause: true });
  } catch {
    return undefined;
  }
}

/** The names of a text's placeholders, sorted ('{name} and {summary}' -> ['name', 'summary']). */
export function placeholderNames(text: string): string[] {
  const ast = parseMessage(text);
  if (!ast) return [...new Set([...text.matchAll(/\{\s*([A-Za-z_][\w]*)/g)].map((m) => m[1]))].sort();
  const names = new Set<string>();
  const walk = (nodes: Ast) => {
    for (const node of nodes) {
      if ("value" in node && node.type !== 0 && typeof node.value === "string") names.add(node.value);
      if ("options" in node) for (const option of Object.values(node.options)) walk(option.value);
      if ("children" in node) walk(node.children);
    }
  };
  walk(ast);
  return [...names].sort();
}

/**
 * Why a translation's placeholders differ from its English text's, or undefined when they agree
 * (same names, used the same way: a plural stays a plural).
 */
export function placeholderMismatch(english: string, translation: string): string | undefined {
  const [a, b] = [placeholderNames(english), placeholderNames(translation)];
  const missing = a.filter((n) => !b.includes(n));
  const extra = b.filter((n) => !a.includes(n));
  if (missing.length > 0 || extra.length > 0) {
    const parts = [
      ...(missing.length > 0 ? [`it lacks ${missing.map((n) => `{${n}}`).join(", ")}`] : []),
      ...(extra.length > 0 ? [`it has ${extra.map((n) => `{${n}}`).join(", ")}, which the English has not`] : []),
    ];
    return parts.join(" and ");
  }
  const [astA, astB] = [parseMessage(english), parseMessage(translation)];
  if (astA && !astB) return "it is not a valid message (a '{' or '}' out of place)";
  if (astA && astB) {
    const same = isStructurallySame(astA, astB);
    if (!same.success) return `its placeholders are used differently (${same.error?.message ?? "another kind"})`;
  }
  return undefined;
}

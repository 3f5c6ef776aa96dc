/**
 * What is wrong with text that JSON.parse refused, in words, with the place: jsonc-parser
 * reports the first mistake with an error code, an offset and the token it found there.
 */
import { type ParseErrorCode, printParseErrorCode, visit } from "jsonc-parser";
import { quote } from "./words";

export interface SyntaxMistake {
  line: number;
  column: number;
  message: string;
}

type Container = "object" | "array" | "top";

/** The first syntax mistake in `text`, or undefined when jsonc-parser finds none. */
export function findSyntaxMistake(text: string): SyntaxMistake | undefined {
  const stack: Container[] = ["top"];
  let mistake: SyntaxMistake | undefined;
  visit(
    text,
    {
      onObjectBegin: () => void stack.push("object"),
      onObjectEnd: () => void stack.pop(),
      onArrayBegin: () => void stack.push("array"),
      onArrayEnd: () => void stack.pop(),
      onError(code, offset, length, line, character) {
        if (mistake) return;
        const found = length > 0 ? text.slice(offset, offset + length) : "";
        const message = describeMistake(code, found, stack[stack.length - 1], text.trim() === "");
        mistake = { line: line + 1, column: character + 1, message };
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  return mistake;
}

function describeMistake(code: ParseErrorCode, token: string, inside: Container, empty: boolean): string {
  const found = token ? quote(token, 30) : "the end of the file";
  switch (printParseErrorCode(code)) {
    case "CommaExpected":
      return inside === "array"
        ? `Expected ',' or ']' after a list item, but found ${found}. Is a comma missing?`
        : `Expected ',' or '}' after a property's value, but found ${found}. Is a comma missing?`;
    case "PropertyNameExpected":
      return token === "}"
        ? "Expected another property after the comma, but found '}'. JSON allows no comma after the last property."
        : `Expected a property name in double quotes, but found ${found}.`;
    case "ValueExpected":
      if (empty) return "Expected a JSON value, but the file is empty.";
      return token === "]"
        ? "Expected another item after the comma, but found ']'. JSON allows no comma after the last item."
        : `Expected a value (text in double quotes, a number, true, false, null, an object or a list), but found ${found}.`;
    case "ColonExpected":
      return `Expected ':' after the property name, but found ${found}.`;
    case "CloseBraceExpected":
      return `Expected '}' to close the object, but found ${found}.`;
    case "CloseBracketExpected":
      return `Expected ']' to close the list, but found ${found}.`;
    case "EndOfFileExpected":
      return `Expected the end of the file after the closing bracket, but found ${found}.`;
    case "InvalidSymbol":
      return `Found ${found}, which is not JSON: text and names need double quotes, and the only bare words are true, false and null.`;
    case "InvalidNumberFormat":
    case "UnexpectedEndOfNumber":
      return `Expected a number, but found ${found}.`;
    case "InvalidCommentToken":
    case "UnexpectedEndOfComment":
      return `Found a comment, ${found}, but JSON does not allow comments.`;
    case "UnexpectedEndOfString":
      return `Expected a closing '"', but the text ${found} runs to the end of the line.`;
    case "InvalidUnicode":
      return `Expected four hexadecimal digits after '\\u' in ${found}.`;
    case "InvalidEscapeCharacter":
      return `Found an escape JSON does not know in ${found}; use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX.`;
    case "InvalidCharacter":
      return `Found a tab or line break inside the text ${found}; write it as \\t or \\n.`;
    default:
      return `Found ${found}, which is not valid JSON here.`;
  }
}

/**
 * A message with an element among its values, as React children: a link inside a sentence ("More
 * about {speciality} at our hospitals.", the speciality's name a link) goes where the language's
 * translation puts its placeholder.
 */
import { Fragment, type ReactNode } from "react";
import { formatParts } from "./format";

/** `message` with `values` (text, numbers or elements) in its placeholders; `lead` before it. */
export function messageNodes(message: string, values: Record<string, ReactNode>, lang: string, lead = ""): ReactNode[] {
  const parts = formatParts<ReactNode>(message, values as Record<string, string | number | ReactNode>, lang, lead);
  // biome-ignore lint/suspicious/noArrayIndexKey: a part's place in the message is its identity.
  return parts.map((part, i) => (typeof part === "string" ? part : <Fragment key={i}>{part}</Fragment>));
}

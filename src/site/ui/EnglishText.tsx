/**
 * A text that is English in every language (a branch's state), marked lang="en" on a page in
 * another language so a screen reader reads it in an English voice; as it is on an English page.
 */
import type { ReactNode } from "react";
import { useEnglishLang } from "../i18n/context";

export function EnglishText({ children }: { children: ReactNode }) {
  const english = useEnglishLang();
  return english ? <span lang={english}>{children}</span> : children;
}

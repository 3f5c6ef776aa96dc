/**
 * A branch's state as the page's language writes it (interface.json's `branches.states`, under the
 * state's slug); the English name, marked lang="en", where a language has no translation of it yet.
 */
import type { Branch } from "../../shared/generated/branches";
import type { InterfaceWords } from "../../shared/generated/interface";
import { slugify } from "../../shared/slug";
import { useBlockWords } from "../i18n/block-words";
import { useFallbackLang } from "../i18n/context";

export function StateName({ state }: { state: Branch["state"] }) {
  const states: InterfaceWords["branches"]["states"] = useBlockWords().branches.states;
  const name = states[slugify(state) as keyof typeof states] ?? state;
  const lang = useFallbackLang()(name);
  return lang ? <span lang={lang}>{name}</span> : name;
}

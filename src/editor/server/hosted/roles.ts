/**
 * Who may do what in the hosted editor. The server asks these on every request (the app only
 * hides buttons): an editor changes content, a translator only the translation files of their
 * languages, a reviewer approves, a clinical reviewer (a doctor) approves the medical part, a
 * publisher publishes, an admin manages people.
 */
import type { Person, Role } from "../auth/types";

const holds = (person: Person, role: Role) => person.roles.includes(role);

/** Everyone with a role may read the site and its change sets. */
export const mayRead = (person: Person) => person.roles.length > 0;
/** Start a change set, save into one, send it for review. */
export const mayEdit = (person: Person) => holds(person, "editor") || holds(person, "translator");
export const mayReview = (person: Person) => holds(person, "reviewer");
/** Approve the medical part of a change set, as the doctor their account is linked to. */
export const mayClinicallyReview = (person: Person) => holds(person, "clinical-reviewer");
/** See which medical pages fall due for review. */
export const maySeeReviewsDue = (person: Person) => mayReview(person) || mayClinicallyReview(person);
export const mayPublish = (person: Person) => holds(person, "publisher");
export const mayAdminister = (person: Person) => holds(person, "admin");
/** Bring a change set up to date with the published site (choosing between two values). */
export const mayUpdate = (person: Person) => mayEdit(person) || mayPublish(person);

/** The language of a translation file ("site-config/i18n/te/pages/home.json" -> "te"). */
export function translationLanguage(file: string): string | undefined {
  return /^[^/]+\/i18n\/([^/]+)\//.exec(file)?.[1];
}

/**
 * Why `person` may not write `file` (an editor path such as "site-config/navigation.json"), in
 * words; undefined when they may.
 */
export function writeRefusal(person: Person, file: string): string | undefined {
  if (holds(person, "editor")) return undefined;
  const lang = translationLanguage(file);
  if (holds(person, "translator")) {
    if (lang && person.languages.includes(lang)) return undefined;
    const yours = person.languages.length > 0 ? person.languages.join(", ") : "none";
    return lang
      ? `You translate into ${yours}, not '${lang}': ${file} is another translator's. Ask an administrator to add the language to your account.`
      : `${file} is English content, which only an editor can change. As a translator you change the translation files of your languages (${yours}).`;
  }
  return "Only an editor or a translator can change the site's files.";
}

/** Who a commit of the hosted editor is by: the signed-in person. */
import type { Person } from "../auth";

/** The git author of a person's commits: their name (or email) and email. */
export const authorOf = (person: Person) => ({ name: person.name || person.email, email: person.email });

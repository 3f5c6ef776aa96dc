/**
 * A person's details as an administrator or the CLI gives them, checked with an answer in words
 * for each mistake.
 */
import { passwordProblem } from "./passwords";
import type { Role } from "./types";

/** Every role, in the order forms and lists show them. */
export const roles: readonly Role[] = ["editor", "translator", "reviewer", "clinical-reviewer", "publisher", "admin"];

export interface PersonInput {
  email?: unknown;
  name?: unknown;
  roles?: unknown;
  languages?: unknown;
  doctor?: unknown;
  password?: unknown;
}

/** A checked value, or why it was refused. */
export type Checked<T> = { value: T } | { problem: string };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const languagePattern = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export function checkRoles(value: unknown): Checked<Role[]> {
  if (!Array.isArray(value) || value.length === 0) return { problem: `Give at least one role: ${roles.join(", ")}.` };
  const unknown = value.filter((r) => !roles.includes(r as Role));
  if (unknown.length)
    return {
      problem: `${unknown.map((r) => `'${String(r)}'`).join(", ")} is not a role; the roles are ${roles.join(", ")}.`,
    };
  return { value: [...new Set(value as Role[])] };
}

/** The languages for these roles: a translator needs at least one, others none. */
export function checkLanguages(value: unknown, forRoles: Role[]): Checked<string[]> {
  const list = value === undefined ? [] : value;
  if (!Array.isArray(list) || list.some((l) => typeof l !== "string" || !languagePattern.test(l)))
    return { problem: "Languages are codes such as te or hi." };
  if (forRoles.includes("translator") && list.length === 0)
    return { problem: "A translator needs at least one language they may change, such as te or hi." };
  if (!forRoles.includes("translator") && list.length > 0)
    return { problem: "Only a translator has languages; add the translator role or leave the languages out." };
  return { value: [...new Set(list as string[])] };
}

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The doctor for these roles: a clinical reviewer is one doctor of doctors.json; others are none. */
export function checkDoctor(value: unknown, forRoles: Role[]): Checked<string | null> {
  const doctor = value === undefined || value === null || value === "" ? null : value;
  if (doctor !== null && (typeof doctor !== "string" || !slugPattern.test(doctor)))
    return { problem: "A doctor is named by their slug in doctors.json, such as dr-anjali-example." };
  if (forRoles.includes("clinical-reviewer") && doctor === null)
    return {
      problem:
        "A clinical reviewer is one of the site's doctors: give their slug in doctors.json (--doctor dr-anjali-example), so their approvals name them on the pages.",
    };
  if (!forRoles.includes("clinical-reviewer") && doctor !== null)
    return {
      problem:
        "Only a clinical reviewer is linked to a doctor; add the clinical-reviewer role or leave the doctor out.",
    };
  return { value: doctor };
}

export function checkEmail(value: unknown): Checked<string> {
  if (typeof value !== "string" || !emailPattern.test(value.trim()) || value.length > 320)
    return { problem: "Give the person's email address, such as name@hospital.example." };
  return { value: value.trim().toLowerCase() };
}

export function checkName(value: unknown): Checked<string> {
  if (typeof value !== "string" || !value.trim() || value.length > 200)
    return { problem: "Give the person's name as it should appear on their changes (at most 200 characters)." };
  return { value: value.trim() };
}

/** A new person's details, checked in order; the first mistake is the answer. */
export function checkNewPerson(input: PersonInput): Checked<{
  email: string;
  name: string;
  roles: Role[];
  languages: string[];
  doctor: string | null;
  password?: string;
}> {
  const email = checkEmail(input.email);
  if ("problem" in email) return email;
  const name = checkName(input.name);
  if ("problem" in name) return name;
  const roleList = checkRoles(input.roles);
  if ("problem" in roleList) return roleList;
  const languages = checkLanguages(input.languages, roleList.value);
  if ("problem" in languages) return languages;
  const doctor = checkDoctor(input.doctor, roleList.value);
  if ("problem" in doctor) return doctor;
  let password: string | undefined;
  if (input.password !== undefined && input.password !== "") {
    if (typeof input.password !== "string") return { problem: "The password must be text." };
    const problem = passwordProblem(input.password);
    if (problem) return { problem };
    password = input.password;
  }
  return {
    value: {
      email: email.value,
      name: name.value,
      roles: roleList.value,
      languages: languages.value,
      doctor: doctor.value,
      password,
    },
  };
}

/**
 * How a form's answers become a lead (spec section 7): the lead kind's payload, then the CRM's
 * attribute list. Both come from the templates of the form's `lead` config, so a form's mapping is
 * data the content team can read and the relay can rebuild on its own.
 *
 * Pure: the browser uses it for nothing but the types and the request shape; the relay builds the
 * payload and attributes itself from the config, never from what the browser sends.
 */
import type { Form } from "../generated/form";
import type { FormValues } from "./rules";

/**
 * What the page knows that the form does not ask: the treatment page's treatment and default
 * department, the speciality page's speciality, the page's path.
 *
 * The relay takes these only as a key: it builds the lead from the names its own copy of the
 * site's config holds for that page (src/relay/page-context.ts), never from these strings.
 *
 * In templates, {department} is the treatment name when there is one and the page's department
 * otherwise: spec 7 takes the lead's department "from the treatment name; default 'Orthopedics'
 * on the orthopedics page and 'Cardiology' on the cardiology page". A form field of the same name
 * (the booking modal's department select) wins over the context.
 */
export interface LeadContext {
  /** The treatment (sub-department) name, such as 'Heart Failure'. */
  treatment?: string;
  /** The page's department, used when there is no treatment name, such as 'Cardiology'. */
  department?: string;
  /** The speciality the page is about, such as 'Neurology'. */
  speciality?: string;
  /** The page's path, such as '/specialities/cardiology/treatment-for-heart-failure-in-kukatpally'. */
  page?: string;
  /**
   * The language of the page the patient filled the form in ('en', 'te', 'hi'), so the hospital
   * calls back in it. {language} in the form's lead templates (the CRM mapping's mx_Language).
   */
  language?: string;
}

/** The context keys a request may carry. */
export const contextKeys = ["treatment", "department", "speciality", "page", "language"] as const;

/** The longest context value the relay keeps; longer values are cut (a page path: pageMaxLength). */
export const contextMaxLength = 120;
/** The longest page path the relay keeps. */
export const pageMaxLength = 512;

/** One CRM attribute as LeadSquared's Lead.Capture takes it. */
export interface LeadAttribute {
  Attribute: string;
  Value: string;
}

/** What the browser posts to `${apiBase}/leads`. */
export interface LeadRequest {
  /** The form's id (its file name in site-config/forms/). */
  form: string;
  /** The answers as typed. */
  values: FormValues;
  /** What the page knows (see LeadContext). */
  context: LeadContext;
  /** The honeypot: a field people never see. Anything in it marks the request as a bot's. */
  honeypot?: string;
}

/** A lead as the relay stores and delivers it. */
export interface Lead {
  form: string;
  kind: Form["kind"];
  payload: Record<string, string>;
  attributes: LeadAttribute[];
}

/**
 * The context of a request, bounded: only the known keys, strings only, one line, trimmed and cut
 * to contextMaxLength characters.
 */
export function boundContext(input: unknown): LeadContext {
  const source = input !== null && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const context: LeadContext = {};
  for (const key of contextKeys) {
    const raw = Object.hasOwn(source, key) ? source[key] : undefined;
    if (typeof raw !== "string") continue;
    const value = raw
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .trim()
      .slice(0, key === "page" ? pageMaxLength : contextMaxLength)
      .trim();
    if (value !== "") context[key] = value;
  }
  return context;
}

/** Fills {name} placeholders from vars; a placeholder with no value becomes empty. Values are not re-read. */
export function fillTemplate(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g, (_, key: string) =>
    Object.hasOwn(vars, key) ? vars[key] : "",
  );
}

function contextVariables(context: LeadContext): Record<string, string> {
  return {
    treatment: context.treatment ?? "",
    department: context.treatment || context.department || "",
    speciality: context.speciality ?? "",
    language: context.language ?? "",
  };
}

/** The lead kind's payload: each of the form's payload templates filled from the answers and the context. */
export function buildPayload(form: Form, values: FormValues, context: LeadContext = {}): Record<string, string> {
  const vars: Record<string, string> = { ...contextVariables(context) };
  for (const field of form.fields) vars[field.name] = (values[field.name] ?? "").trim();
  const payload: Record<string, string> = {};
  for (const [key, template] of Object.entries(form.lead.payload)) payload[key] = fillTemplate(template, vars).trim();
  return payload;
}

/**
 * The CRM attributes, in the config's order, each filled from the payload (and {language}, which
 * no lead kind's payload of the spec carries). A blank value is an empty string (spec 7:
 * EmailAddress is '' when no e-mail was given), never left out.
 */
export function buildAttributes(
  form: Form,
  payload: Readonly<Record<string, string>>,
  context: LeadContext = {},
): LeadAttribute[] {
  const vars = { language: context.language ?? "", ...payload };
  return Object.entries(form.lead.attributes).map(([Attribute, template]) => ({
    Attribute,
    Value: fillTemplate(template, vars).trim(),
  }));
}

/** The whole lead from answers and context. */
export function buildLead(form: Form, values: FormValues, context: LeadContext = {}): Lead {
  const payload = buildPayload(form, values, context);
  return { form: form.id, kind: form.kind, payload, attributes: buildAttributes(form, payload, context) };
}

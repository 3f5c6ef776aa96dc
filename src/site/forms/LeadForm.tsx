/**
 * One component for every lead form of site-config/forms/ (spec sections 4, 5 and 8): fields and
 * their exact messages from config, browser validation off, a message shown once its field is
 * touched or the form was submitted, the submit-time mobile re-check with the page's wording,
 * a disabled button while sending, /thank-you on success, the form kept on failure.
 */
import { type JSX, use, useContext, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { Form } from "../../shared/generated/form";
import type { LeadContext, LeadRequest } from "../../shared/leads/lead";
import { type FormValues, fieldError, normaliseValues, submitCheckError } from "../../shared/leads/rules";
import { forms } from "../config/forms";
import { ContentLanguage, useFallbackLang, useLanguage, useUi } from "../i18n/context";
import { pathIn } from "../i18n/languages";
import { useNavigate } from "../router/router";
import { Link } from "../ui/AppLink";
import { useNotify } from "../ui/notifications/Notifications";
import { useHydrated } from "../ui/use-hydrated";
import { FieldControl } from "./field-control";
import { formIn } from "./form-language";
import { FormSlotsContext } from "./form-slots";
import { LeadFieldErrors, leadsPath, newIdempotencyKey, sendLead } from "./submit";
import "./forms.css";

export type { LeadContext } from "../../shared/leads/lead";

/** Props of LeadForm. */
export interface LeadFormProps {
  /** The form's id: its file name in site-config/forms/ without .json. */
  formId: string;
  /** A heading replacing the form's own title (the treatment page's "Book an Appointment for ..."). */
  title?: string;
  /** What the page knows that the form does not ask (treatment, department, speciality). */
  context?: LeadContext;
  /** The page's wording of the submit-time re-check notice, replacing the form's. */
  submitCheckMessage?: string;
  /** Prefix of the inputs' ids, so two forms on one page keep them unique; default the form's id. */
  idPrefix?: string;
}

/**
 * A lead form from config, in the page's language; shows 'Content Not Loaded' (and logs) for an
 * unknown form id.
 */
export function LeadForm(props: LeadFormProps): JSX.Element {
  const lang = useLanguage();
  const ui = useUi();
  const inLanguage = use(formIn(props.formId, lang));
  if (!inLanguage) {
    console.error(
      `Unknown form '${props.formId}': no site-config/forms/${props.formId}.json (known: ${Object.keys(forms).sort().join(", ")})`,
    );
    return <div className="lead-form lead-form--missing">{ui.contentNotLoaded.title}</div>;
  }
  return (
    <ContentLanguage english={inLanguage.english}>
      <FormSlot {...props} form={inLanguage.form} options={forms[props.formId]} lang={lang} />
    </ContentLanguage>
  );
}

/** Every text of a form, in order. */
function textsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const item of value) textsOf(item, into);
  else if (value && typeof value === "object") for (const item of Object.values(value)) textsOf(item, into);
  return into;
}

/**
 * A form's texts, walked once per form object while prerendering (the one caller: a form's config
 * is not edited in place there, and every treatment page shows the same form).
 */
const textsByForm = new WeakMap<Form, string[]>();

function formTexts(form: Form): string[] {
  let texts = textsByForm.get(form);
  if (!texts) {
    texts = textsOf(form);
    textsByForm.set(form, texts);
  }
  return texts;
}

/**
 * The form, or, while prerendering, its place (form-slots.ts). Its kind is everything its HTML
 * depends on but the heading: the form and its language, the props it shows, and which of its
 * texts are marked as English on this page (that depends on the texts around it).
 */
function FormSlot(props: ConfiguredFormProps) {
  const slots = useContext(FormSlotsContext);
  const langOf = useFallbackLang();
  if (!slots) return <ConfiguredForm {...props} />;
  const { form, lang, title, idPrefix, submitCheckMessage } = props;
  const heading = title ?? form.title ?? "";
  const marks = [heading, ...formTexts(form)].map((text) => (langOf(text) ? "e" : "-")).join("");
  const place = slots.place(
    JSON.stringify([form.id, lang, idPrefix ?? null, submitCheckMessage ?? null, title === undefined, marks]),
    heading,
  );
  if ("marker" in place) return place.marker;
  return (
    <>
      {place.start}
      <ConfiguredForm {...props} headingText={place.heading} />
      {place.end}
    </>
  );
}

const emptyValues = (form: Form): FormValues => Object.fromEntries(form.fields.map((f) => [f.name, ""]));

/**
 * The starting answers. On a prerendered page the form's code arrives after the form is on screen
 * (lazy-lead-form.tsx), so a person may have typed already: while hydrating, their answers are
 * read from the server's inputs instead of being cleared (react-hook-form writes the defaults
 * into the inputs when it registers them).
 */
function startingValues(form: Form, prefix: string, hydrating: boolean): FormValues {
  const values = emptyValues(form);
  if (!hydrating || typeof document === "undefined") return values;
  for (const field of form.fields) {
    const control = document.getElementById(`${prefix}-${field.name}`);
    if (control && "value" in control && typeof control.value === "string" && control.value)
      values[field.name] = control.value;
  }
  return values;
}

interface ConfiguredFormProps extends LeadFormProps {
  /** The form in the page's language. */
  form: Form;
  /** The form as the English config has it: its select options are the answers sent. */
  options: Form;
  lang: string;
  /** Prerendering only: what stands in the heading's place (form-slots.ts); the heading otherwise. */
  headingText?: string;
}

function ConfiguredForm({
  form,
  options,
  lang,
  title,
  context,
  submitCheckMessage,
  idPrefix,
  headingText,
}: ConfiguredFormProps) {
  const notify = useNotify();
  const ui = useUi();
  const langOf = useFallbackLang();
  const navigate = useNavigate();
  const prefix = idPrefix ?? form.id;
  const titleId = `${prefix}-title`;
  const hydrated = useHydrated();
  const [initialValues] = useState(() => startingValues(form, prefix, !hydrated));
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    setError,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<FormValues>({ mode: "onTouched", defaultValues: initialValues });

  // Answers typed before the form's code arrived, in fields the person has since left, are checked
  // now, as leaving the field would have checked them (mode 'onTouched'); the field still being
  // typed in is checked when it is left.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the answers found at hydration.
  useEffect(() => {
    for (const field of form.fields) {
      const typed = initialValues[field.name];
      if (!typed || document.activeElement?.id === `${prefix}-${field.name}`) continue;
      setValue(field.name, typed, { shouldTouch: true, shouldValidate: true });
    }
  }, []);

  // The ref stops a second submit at once; the state renders the disabled button.
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  // One Idempotency-Key per submission attempt: kept while the person retries the same answers
  // after a failure (so the retried submit is one lead), replaced when they change anything.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  const markAllTouched = () => {
    for (const field of form.fields) setValue(field.name, getValues(field.name), { shouldTouch: true });
  };

  const onInvalid = () => {
    markAllTouched();
    const check = submitCheckError(form, getValues(), submitCheckMessage);
    if (check) notify("error", check);
    else notify("info", form.notices.invalid);
  };

  const onValid = async (answers: FormValues) => {
    if (sending.current) return;
    // Sent as the relay keeps them: a mobile typed '+91 98480-12345' goes as its ten digits.
    const values = normaliseValues(form, answers);
    const check = submitCheckError(form, values, submitCheckMessage);
    if (check) {
      markAllTouched();
      notify("error", check);
      return;
    }
    sending.current = true;
    setBusy(true);
    const request: LeadRequest = {
      form: form.id,
      values,
      // The page (the relay names its treatment as the English config does, whatever the page's
      // language) and the language the patient used, so the hospital calls back in it.
      context: { ...context, page: window.location.pathname, language: lang },
      honeypot: honeypot.current?.value ?? "",
    };
    const fingerprint = JSON.stringify([request.form, request.values, request.context]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
    try {
      await sendLead(request, attempt.current.key);
      attempt.current = null;
      reset(emptyValues(form));
      notify("success", form.notices.success);
      navigate(pathIn(form.successRoute, lang));
    } catch (error) {
      if (error instanceof LeadFieldErrors) {
        for (const [name, message] of Object.entries(error.fields)) setError(name, { type: "server", message });
        notify("info", form.notices.invalid);
      } else {
        notify("error", form.notices.failure);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const heading = title ?? form.title;
  return (
    <form
      className="lead-form"
      // Before the script runs (a prerendered page on a slow phone) a submit must not become a GET
      // with the answers in the URL: it posts to the relay, which explains that the form needs it.
      method="post"
      action={leadsPath()}
      noValidate
      // Tells a submit held while the form's code loaded that the form now handles it.
      data-ready={hydrated ? "true" : undefined}
      // What the page says if a submit held before the form was ready cannot be sent.
      data-failure={form.notices.failure}
      aria-labelledby={heading ? titleId : undefined}
      onSubmit={handleSubmit(onValid, onInvalid)}
    >
      {heading && (
        <h2 id={titleId} className="lead-form__title" lang={langOf(heading)}>
          {headingText ?? heading}
        </h2>
      )}
      {form.fields.map((field, index) => {
        const error = errors[field.name];
        const shown = error && (touchedFields[field.name] || isSubmitted) ? error : undefined;
        return (
          <FieldControl
            key={field.name}
            field={field}
            values={options.fields[index]?.options ?? field.options ?? []}
            id={`${prefix}-${field.name}`}
            error={shown}
            registration={register(field.name, {
              // A select's answer is checked against the English options, which are what it sends.
              validate: (v) => fieldError({ ...field, options: options.fields[index]?.options }, v) ?? true,
            })}
          />
        );
      })}
      <div className="lead-form__hp" aria-hidden="true">
        <label htmlFor={`${prefix}-hp`}>{ui.forms.honeypot}</label>
        <input ref={honeypot} id={`${prefix}-hp`} name="hp_field" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button
        type="submit"
        className="lead-form__submit"
        disabled={busy}
        lang={langOf(busy ? form.submittingLabel : form.submitLabel)}
      >
        {busy ? form.submittingLabel : form.submitLabel}
      </button>
      <p className="lead-form__consent" lang={langOf(form.consent.text)}>
        {form.consent.text}{" "}
        <Link
          to={form.consent.route}
          lang={langOf(form.consent.linkLabel) ?? (langOf(form.consent.text) ? lang : undefined)}
        >
          {form.consent.linkLabel}
        </Link>
      </p>
    </form>
  );
}

/**
 * One field of a lead form: its label, its hint, the control its type asks for, and its message,
 * tied together for screen readers (the hint, then the message, read with the field).
 */
import type { JSX } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import type { Field } from "../../shared/generated/form";
import { inputMaxLengthOf, maxLengthOf } from "../../shared/leads/rules";
import { useFallbackLang, useUi } from "../i18n/context";

/** Props of FieldControl. */
export interface FieldControlProps {
  field: Field;
  /** The select's answers: the English config's options, shown as `field.options` words them. */
  values: string[];
  id: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
}

/** A field of a lead form with its label, hint and message. */
export function FieldControl({ field, values, id, error, registration }: FieldControlProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const ui = useUi();
  const langOf = useFallbackLang();
  const describedBy = [field.hint && hintId, error && errorId].filter(Boolean).join(" ");
  const common = {
    id,
    className: "lead-form__input",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    "aria-required": field.rules?.required ? true : undefined,
    ...registration,
  };
  let control: JSX.Element;
  if (field.type === "select") {
    control = (
      <select {...common} autoComplete={field.autocomplete}>
        <option value="">{field.placeholder ?? ui.forms.selectPlaceholder}</option>
        {values.map((value, i) => (
          <option key={value} value={value} lang={langOf(field.options?.[i] ?? value)}>
            {field.options?.[i] ?? value}
          </option>
        ))}
      </select>
    );
  } else if (field.type === "textarea") {
    control = (
      <textarea
        {...common}
        rows={4}
        maxLength={maxLengthOf(field)}
        placeholder={field.placeholder}
        autoComplete={field.autocomplete}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type={field.type}
        // A phone keypad: digits and "+", for a number written with its country code.
        inputMode={field.type === "tel" ? "tel" : undefined}
        maxLength={field.type === "date" ? undefined : inputMaxLengthOf(field)}
        placeholder={field.placeholder}
        autoComplete={field.autocomplete}
      />
    );
  }
  return (
    <div className="lead-form__field">
      <label className="lead-form__label" htmlFor={id} lang={langOf(field.label)}>
        {field.label}
      </label>
      {field.hint && (
        <p id={hintId} className="lead-form__hint" lang={langOf(field.hint)}>
          {field.hint}
        </p>
      )}
      {control}
      {error && (
        <p id={errorId} className="lead-form__error" lang={langOf(error.message)}>
          {error.message}
        </p>
      )}
    </div>
  );
}

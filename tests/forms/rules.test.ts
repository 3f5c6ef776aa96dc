import { describe, expect, it } from "vitest";
import {
  fieldError,
  maxLengthOf,
  normaliseValues,
  submitCheckError,
  validateValues,
} from "../../src/shared/leads/rules";
import { forms } from "../../src/site/config/forms";

const appointment = forms.appointment;
const field = (formId: string, name: string) => {
  const f = forms[formId].fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name} in ${formId}`);
  return f;
};

describe("field rules (spec 5), exact messages", () => {
  it("name: required, at least 2 characters", () => {
    const name = field("appointment", "name");
    expect(fieldError(name, "")).toBe("Name is required");
    expect(fieldError(name, "   ")).toBe("Name is required");
    expect(fieldError(name, "A")).toBe("Name must be at least 2 characters");
    expect(fieldError(name, " A ")).toBe("Name must be at least 2 characters");
    expect(fieldError(name, "Al")).toBeUndefined();
  });

  it("mobile: required, exactly 10 digits 0-9, at most 10", () => {
    const mobile = field("appointment", "mobile");
    expect(fieldError(mobile, "")).toBe("Mobile number is required");
    for (const bad of [
      "98765",
      "98765432101",
      "98765 4321",
      "+919876543",
      "98765abcde",
      "٩٨٧٦٥٤٣٢١٠",
      "+44 9876543210",
    ]) {
      expect(fieldError(mobile, bad)).toBe("Please enter a valid 10-digit mobile number");
    }
    expect(fieldError(mobile, "9876543210")).toBeUndefined();
    expect(fieldError(mobile, "0000000000")).toBeUndefined();
    expect(maxLengthOf(mobile)).toBe(10);
  });

  it("email: optional; when given, a valid address", () => {
    const email = field("appointment", "email");
    expect(fieldError(email, "")).toBeUndefined();
    for (const bad of ["asha", "asha@", "@example.com", "asha@example", "asha rao@example.com", "asha@@example.com"]) {
      expect(fieldError(email, bad)).toBe("Please enter a valid email address");
    }
    expect(fieldError(email, "asha.rao+care@example.co.in")).toBeUndefined();
  });

  it("booking modal: full name, phone and e-mail required; location and department from the options", () => {
    expect(validateValues(forms.booking, {})).toEqual({
      name: "Name is required",
      mobile: "Mobile number is required",
      email: "Email is required",
      location: "Please choose a location",
      department: "Please choose a department",
    });
    expect(fieldError(field("booking", "location"), "Paris")).toBe("Please choose one of the options");
    expect(fieldError(field("booking", "location"), "Mumbai")).toBeUndefined();
  });

  it("package booking: a real date is required", () => {
    const date = field("package-booking", "appointmentDate");
    expect(fieldError(date, "")).toBe("Please choose a date");
    expect(fieldError(date, "2026-02-30")).toBe("Please choose a valid date");
    expect(fieldError(date, "tomorrow")).toBe("Please choose a valid date");
    expect(fieldError(date, "2026-12-01")).toBeUndefined();
  });

  it("textareas keep their own minimum and a default maximum", () => {
    const message = field("contact-us", "message");
    expect(fieldError(message, "Hi")).toBe("Message must be at least 5 characters");
    expect(fieldError(message, "x".repeat(2001))).toBe("Please use at most 2000 characters");
    expect(maxLengthOf(message)).toBe(2000);
    expect(maxLengthOf(field("contact-us", "name"))).toBe(200);
  });

  it("a valid form has no messages", () => {
    expect(validateValues(appointment, { name: "Asha", mobile: "9876543210", email: "" })).toEqual({});
  });
});

describe("the submit-time re-check", () => {
  it("gives the page's wording, or the form's, for a mobile that is not 10 digits", () => {
    const values = { name: "Asha", mobile: "12345", email: "" };
    expect(submitCheckError(appointment, values)).toBe("Please enter a valid 10-digit mobile number.");
    expect(submitCheckError(appointment, values, "Please enter a valid 10 digit mobile number.")).toBe(
      "Please enter a valid 10 digit mobile number.",
    );
    expect(submitCheckError(appointment, { ...values, mobile: "9876543210" })).toBeUndefined();
  });

  it("leaves an empty mobile to the required rule", () => {
    expect(submitCheckError(appointment, { name: "", mobile: "", email: "" })).toBeUndefined();
  });
});

describe("normalising a request's answers", () => {
  it("keeps only the form's fields as trimmed strings, without control characters", () => {
    expect(
      normaliseValues(forms["contact-us"], {
        name: " Asha\u0000 Rao\n",
        mobile: 9876543210,
        message: "Line one\r\nLine two\u0007",
        extra: "dropped",
      }),
    ).toEqual({ name: "Asha Rao", mobile: "", email: "", message: "Line one\nLine two" });
    expect(normaliseValues(appointment, "nonsense")).toEqual({ name: "", mobile: "", email: "" });
  });
});

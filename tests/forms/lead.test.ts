import { describe, expect, it } from "vitest";
import { boundContext, buildAttributes, buildLead, buildPayload, fillTemplate } from "../../src/shared/leads/lead";
import { forms } from "../../src/site/config/forms";

const person = { name: "Asha Rao", mobile: "9876543210", email: "asha@example.com" };
const spec7Attributes = [
  "FirstName",
  "Phone",
  "EmailAddress",
  "mx_City",
  "mx_Department",
  "Description",
  "mx_Speciality",
  "mx_AppointmentDate",
  "Source",
  // Not in spec 7: the language the patient used (issue 15), so the hospital calls back in it.
  "mx_Language",
];
const asObject = (attributes: { Attribute: string; Value: string }[]) =>
  Object.fromEntries(attributes.map((a) => [a.Attribute, a.Value]));

describe("lead mapping (spec 7)", () => {
  it("appointment from a treatment page: department and description from the treatment, city Hyderabad", () => {
    const lead = buildLead(forms.appointment, person, { treatment: "Heart Failure", department: "Heart Failure" });
    expect(lead.kind).toBe("appointment");
    expect(lead.payload).toEqual({
      fullName: "Asha Rao",
      phoneNumber: "9876543210",
      emailId: "asha@example.com",
      department: "Heart Failure",
      location: "Hyderabad",
      message: "Appointment request for Heart Failure Treatment",
    });
    expect(Object.keys(lead.payload)).toEqual([
      "fullName",
      "phoneNumber",
      "emailId",
      "department",
      "location",
      "message",
    ]);
    expect(lead.attributes).toEqual([
      { Attribute: "FirstName", Value: "Asha Rao" },
      { Attribute: "Phone", Value: "9876543210" },
      { Attribute: "EmailAddress", Value: "asha@example.com" },
      { Attribute: "mx_City", Value: "Hyderabad" },
      { Attribute: "mx_Department", Value: "Heart Failure" },
      { Attribute: "Description", Value: "Appointment request for Heart Failure Treatment" },
      { Attribute: "Source", Value: "Website - Book An Appointment" },
      { Attribute: "mx_Language", Value: "" },
    ]);
  });

  it("appointment: the treatment name wins over the page's default department, which stands in when there is none", () => {
    const named = buildPayload(forms.appointment, person, {
      treatment: "Total Knee Replacement",
      department: "Orthopedics",
    });
    expect(named.department).toBe("Total Knee Replacement");
    const unnamed = buildPayload(forms.appointment, person, { department: "Orthopedics" });
    expect(unnamed.department).toBe("Orthopedics");
    expect(unnamed.message).toBe("Appointment request for Orthopedics Treatment");
    expect(buildPayload(forms.appointment, person, { department: "Cardiology" }).department).toBe("Cardiology");
  });

  it("EmailAddress is an empty string when no e-mail was given", () => {
    const lead = buildLead(forms.appointment, { ...person, email: "  " }, { department: "Cardiology" });
    expect(lead.payload.emailId).toBe("");
    expect(asObject(lead.attributes).EmailAddress).toBe("");
  });

  it("header booking modal: location and department from the selects", () => {
    const lead = buildLead(forms.booking, { ...person, location: "Mumbai", department: "Neurology" });
    expect(lead.payload).toEqual({
      fullName: "Asha Rao",
      phoneNumber: "9876543210",
      emailId: "asha@example.com",
      department: "Neurology",
      location: "Mumbai",
      message: "Appointment request for Neurology",
    });
    expect(asObject(lead.attributes)).toMatchObject({
      mx_City: "Mumbai",
      mx_Department: "Neurology",
      Source: "Website - Book An Appointment",
    });
  });

  it("contact-us: name, phone, email, message", () => {
    const lead = buildLead(forms["contact-us"], { ...person, message: "Please call me\nafter 5 pm." });
    expect(lead.payload).toEqual({
      name: "Asha Rao",
      phone: "9876543210",
      email: "asha@example.com",
      message: "Please call me\nafter 5 pm.",
    });
    expect(lead.attributes).toEqual([
      { Attribute: "FirstName", Value: "Asha Rao" },
      { Attribute: "Phone", Value: "9876543210" },
      { Attribute: "EmailAddress", Value: "asha@example.com" },
      { Attribute: "Description", Value: "Please call me\nafter 5 pm." },
      { Attribute: "Source", Value: "Website - Contact Us" },
      { Attribute: "mx_Language", Value: "" },
    ]);
  });

  it("second opinion: fullName, phoneNumber, emailId, location, department", () => {
    const lead = buildLead(forms["second-opinion"], { ...person, location: "Kukatpally", department: "Cardiology" });
    expect(lead.payload).toEqual({
      fullName: "Asha Rao",
      phoneNumber: "9876543210",
      emailId: "asha@example.com",
      location: "Kukatpally",
      department: "Cardiology",
    });
    expect(asObject(lead.attributes)).toEqual({
      FirstName: "Asha Rao",
      Phone: "9876543210",
      EmailAddress: "asha@example.com",
      mx_City: "Kukatpally",
      mx_Department: "Cardiology",
      Source: "Website - Second Opinion",
      mx_Language: "",
    });
  });

  it("package booking: fullName, phoneNumber, emailId, speciality, appointmentDate", () => {
    const lead = buildLead(forms["package-booking"], {
      ...person,
      speciality: "Cardiac Health Checkup",
      appointmentDate: "2026-12-01",
    });
    expect(lead.payload).toEqual({
      fullName: "Asha Rao",
      phoneNumber: "9876543210",
      emailId: "asha@example.com",
      speciality: "Cardiac Health Checkup",
      appointmentDate: "2026-12-01",
    });
    expect(asObject(lead.attributes)).toEqual({
      FirstName: "Asha Rao",
      Phone: "9876543210",
      EmailAddress: "asha@example.com",
      mx_Speciality: "Cardiac Health Checkup",
      mx_AppointmentDate: "2026-12-01",
      Source: "Website - Package Booking",
      mx_Language: "",
    });
  });

  it("speciality enquiry: fullName, phoneNumber, emailId, department (the page's speciality)", () => {
    const lead = buildLead(forms["speciality-enquiry"], person, { speciality: "Neurology", department: "Neurology" });
    expect(lead.payload).toEqual({
      fullName: "Asha Rao",
      phoneNumber: "9876543210",
      emailId: "asha@example.com",
      department: "Neurology",
    });
    expect(asObject(lead.attributes)).toEqual({
      FirstName: "Asha Rao",
      Phone: "9876543210",
      EmailAddress: "asha@example.com",
      mx_Department: "Neurology",
      Source: "Website - Enquiry Form From Speciality",
      mx_Language: "",
    });
  });

  it("feedback: name, phone, email, location, department, feedback", () => {
    const lead = buildLead(forms.feedback, {
      ...person,
      location: "Vizag",
      department: "ENT",
      feedback: "Kind staff.",
    });
    expect(lead.payload).toEqual({
      name: "Asha Rao",
      phone: "9876543210",
      email: "asha@example.com",
      location: "Vizag",
      department: "ENT",
      feedback: "Kind staff.",
    });
    expect(asObject(lead.attributes)).toEqual({
      FirstName: "Asha Rao",
      Phone: "9876543210",
      EmailAddress: "asha@example.com",
      mx_City: "Vizag",
      mx_Department: "ENT",
      Description: "Kind staff.",
      Source: "Website - Feedback",
      mx_Language: "",
    });
  });

  it("every form sends only spec 7's attribute names, with its Source", () => {
    const sources = Object.values(forms).map((f) => asObject(buildAttributes(f, {})).Source);
    expect(new Set(sources)).toEqual(
      new Set([
        "Website - Book An Appointment",
        "Website - Contact Us",
        "Website - Second Opinion",
        "Website - Package Booking",
        "Website - Enquiry Form From Speciality",
        "Website - Feedback",
      ]),
    );
    for (const form of Object.values(forms)) {
      for (const name of Object.keys(form.lead.attributes)) expect(spec7Attributes).toContain(name);
    }
  });
});

describe("templates and context", () => {
  it("fills placeholders once: a value that looks like a placeholder stays as typed", () => {
    expect(fillTemplate("{a} and {b} and {missing}", { a: "{b}", b: "B" })).toBe("{b} and B and ");
    expect(fillTemplate("{constructor}", {})).toBe("");
  });

  it("bounds the context: known keys only, strings only, one line, at most 120 characters", () => {
    expect(
      boundContext({ treatment: ` Heart\nFailure ${"x".repeat(200)}`, department: 42, speciality: "", other: "x" }),
    ).toEqual({ treatment: `Heart Failure ${"x".repeat(106)}` });
    expect(boundContext(null)).toEqual({});
    expect(boundContext("text")).toEqual({});
  });
});

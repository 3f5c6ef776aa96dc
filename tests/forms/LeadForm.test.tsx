// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type LeadContext, LeadForm } from "../../src/site/forms/LeadForm";
import { MemoryRouter, useLocation, useRoutes } from "../../src/site/router/router";
import { NotificationsProvider } from "../../src/site/ui/notifications/Notifications";

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown>;
}

let sent: Sent[] = [];
let answer: () => Promise<Response>;

beforeEach(() => {
  sent = [];
  answer = async () => Response.json({ status: "accepted", id: "x" }, { status: 202 });
  // biome-ignore lint/suspicious/noDocumentCookie: the relay sets this cookie; the test plays the relay
  document.cookie = "XSRF-TOKEN=tok.sig; path=/";
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      sent.push({
        url: input.url,
        method: input.method,
        headers: input.headers,
        body: JSON.parse(await input.clone().text()) as Record<string, unknown>,
      });
      return answer();
    }),
  );
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pages = [
  { path: "/page", element: null },
  { path: "/thank-you", element: <h1>Thank you page</h1> },
];

function Pages() {
  return useRoutes(pages);
}

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderForm(props: {
  formId?: string;
  context?: LeadContext;
  submitCheckMessage?: string;
  title?: string;
  idPrefix?: string;
}) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={["/page"]}>
      <NotificationsProvider>
        <LeadForm formId={props.formId ?? "appointment"} {...props} />
        <Pages />
        <Where />
      </NotificationsProvider>
    </MemoryRouter>,
  );
  return user;
}

const name = () => screen.getByLabelText("Full name");
const mobile = () => screen.getByLabelText("Mobile number");
const email = () => screen.getByLabelText("Email (optional)");
const submit = () => screen.getByRole("button", { name: /Book Appointment|Sending/ });
const status = () => screen.getByRole("status");
const alert = () => screen.getByRole("alert");

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(name(), "Asha Rao");
  await user.type(mobile(), "9876543210");
  await user.type(email(), "asha@example.com");
}

describe("LeadForm: markup from config", () => {
  it("ties every label to its input, turns browser validation off and sets input hints", () => {
    renderForm({ title: "Book an Appointment for Heart Failure" });
    expect(screen.getByRole("heading", { name: "Book an Appointment for Heart Failure" })).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Book an Appointment for Heart Failure" });
    expect(form).toHaveAttribute("novalidate");
    // Submitted before the script runs, the answers must not end up in a URL.
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/leads");
    expect(name()).toHaveAttribute("autocomplete", "name");
    expect(name()).toHaveAttribute("aria-required", "true");
    expect(mobile()).toHaveAttribute("type", "tel");
    expect(mobile()).toHaveAttribute("inputmode", "tel");
    // Ten digits, with room for "+91 " and the spaces and dashes people put between them.
    expect(mobile()).toHaveAttribute("maxlength", "20");
    expect(mobile()).toHaveAttribute("autocomplete", "tel");
    expect(mobile()).toHaveAccessibleDescription("10 digits, such as 98480 12345. +91 or 0 in front is fine.");
    expect(email()).toHaveAttribute("type", "email");
    expect(email()).not.toHaveAttribute("aria-required");
    expect(name()).toHaveAttribute("id", "appointment-name");
    expect(form.querySelector("[style]")).toBeNull();
  });

  it("puts the consent line, with a link to the privacy policy, under the submit button", () => {
    renderForm({});
    const consent = screen.getByText(/We use these details only to contact you about this request/);
    expect(within(consent).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-polocy");
    expect(submit().compareDocumentPosition(consent) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("has a honeypot people never meet: off-screen, hidden from assistive technology, out of the tab order", () => {
    renderForm({});
    const trap = document.querySelector<HTMLInputElement>('input[name="hp_field"]');
    expect(trap).not.toBeNull();
    expect(trap).toHaveAttribute("tabindex", "-1");
    expect(trap).toHaveAttribute("autocomplete", "off");
    expect(trap?.closest(".lead-form__hp")).toHaveAttribute("aria-hidden", "true");
    expect(screen.queryByRole("textbox", { name: "Leave this field empty" })).toBeNull();
  });

  it("renders selects from their options, textareas and date inputs", () => {
    renderForm({ formId: "booking" });
    const location = screen.getByLabelText("Location");
    expect(
      within(location)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Select…", "Hyderabad", "Bangalore", "Mumbai"]);
    expect(screen.getByLabelText("Department")).toHaveRole("combobox");
  });

  it("renders the package booking's date and the contact form's textarea", () => {
    renderForm({ formId: "package-booking", idPrefix: "pkg" });
    expect(screen.getByLabelText("Preferred date")).toHaveAttribute("type", "date");
    renderForm({ formId: "contact-us" });
    const message = screen.getByLabelText("Message");
    expect(message.tagName).toBe("TEXTAREA");
    expect(message).toHaveAttribute("maxlength", "2000");
  });

  it("keeps ids unique with idPrefix when two forms share a page", () => {
    renderForm({ idPrefix: "treatment-appointment" });
    renderForm({ formId: "booking", idPrefix: "booking-modal" });
    const ids = [...document.querySelectorAll("[id]")].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("shows 'Content Not Loaded' and logs for an unknown form", () => {
    renderForm({ formId: "no-such-form" });
    expect(screen.getByText("Content Not Loaded")).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("Unknown form 'no-such-form'"));
  });
});

describe("LeadForm: rules and messages (spec 5)", () => {
  it("shows no message until a field is touched", async () => {
    const user = renderForm({});
    expect(screen.queryByText("Name is required")).toBeNull();
    await user.click(name());
    expect(screen.queryByText("Name is required")).toBeNull();
    await user.tab();
    const message = await screen.findByText("Name is required");
    expect(name()).toHaveAttribute("aria-invalid", "true");
    expect(name()).toHaveAttribute("aria-describedby", message.id);
    expect(name()).toHaveAccessibleDescription("Name is required");
  });

  it("gives each rule's exact message, and clears it once the value is right", async () => {
    const user = renderForm({});
    await user.type(name(), "A");
    await user.tab();
    expect(await screen.findByText("Name must be at least 2 characters")).toBeInTheDocument();
    await user.type(name(), "sha");
    await waitFor(() => expect(screen.queryByText("Name must be at least 2 characters")).toBeNull());
    expect(name()).not.toHaveAttribute("aria-invalid");

    await user.click(mobile());
    await user.tab();
    expect(await screen.findByText("Mobile number is required")).toBeInTheDocument();
    await user.type(mobile(), "98765abc");
    expect(await screen.findByText("Please enter a valid 10-digit mobile number")).toBeInTheDocument();

    await user.type(email(), "asha@");
    await user.tab();
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    await user.clear(email());
    await waitFor(() => expect(screen.queryByText("Please enter a valid email address")).toBeNull());
  });

  it("takes a mobile written with +91 and dashes, and refuses one with more than 10 digits", async () => {
    const user = renderForm({});
    await user.type(mobile(), "+91 98480-12345");
    await user.tab();
    expect(mobile()).toHaveValue("+91 98480-12345");
    expect(screen.queryByText("Please enter a valid 10-digit mobile number")).toBeNull();
    await user.clear(mobile());
    await user.type(mobile(), "98765432109999");
    await user.tab();
    expect(await screen.findByText("Please enter a valid 10-digit mobile number")).toBeInTheDocument();
  });

  it("on an invalid submit marks every field touched, shows all messages and the info notice; sends nothing", async () => {
    const user = renderForm({});
    await user.click(submit());
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("Mobile number is required")).toBeInTheDocument();
    expect(within(status()).getByText("Please fill the required fields correctly.")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    // The first field with a problem gets the focus.
    expect(name()).toHaveFocus();
  });

  it("re-checks the mobile on submit with the cardiology page's wording (error notice)", async () => {
    const user = renderForm({ submitCheckMessage: "Please enter a valid 10-digit mobile number." });
    await user.type(name(), "Asha Rao");
    await user.type(mobile(), "12345");
    await user.click(submit());
    expect(await within(alert()).findByText("Please enter a valid 10-digit mobile number.")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid 10-digit mobile number")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("re-checks the mobile on submit with the orthopedics page's wording", async () => {
    const user = renderForm({ submitCheckMessage: "Please enter a valid 10 digit mobile number." });
    await user.type(name(), "Asha Rao");
    await user.type(mobile(), "98765");
    await user.click(submit());
    expect(await within(alert()).findByText("Please enter a valid 10 digit mobile number.")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe("LeadForm: submitting", () => {
  it("posts the answers and the page's context to /api/leads with the request headers", async () => {
    const user = renderForm({ context: { treatment: "Heart Failure", department: "Heart Failure" } });
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(sent).toHaveLength(1));
    const [request] = sent;
    expect(request.url).toBe("http://localhost:3000/api/leads");
    expect(request.method).toBe("POST");
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(request.headers.get("accept")).toBe("application/json");
    expect(request.headers.get("x-requested-with")).toBe("XMLHttpRequest");
    expect(request.headers.get("x-xsrf-token")).toBe("tok.sig");
    expect(request.headers.get("idempotency-key")).toMatch(/^[0-9a-f]{32}$/);
    expect(request.body).toEqual({
      form: "appointment",
      values: { name: "Asha Rao", mobile: "9876543210", email: "asha@example.com" },
      context: { treatment: "Heart Failure", department: "Heart Failure", page: "/", language: "en" },
      honeypot: "",
    });
  });

  it("disables the button with the sending label, and a second click sends nothing", async () => {
    let release: (r: Response) => void = () => {};
    answer = () =>
      new Promise((resolve) => {
        release = resolve;
      });
    const user = renderForm({});
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    expect(submit()).toHaveTextContent("Sending…");
    await user.click(submit());
    await user.keyboard("{Enter}");
    expect(sent).toHaveLength(1);
    release(Response.json({ status: "accepted" }, { status: 202 }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/thank-you"));
    expect(sent).toHaveLength(1);
  });

  it("on success clears the form, says so and goes to /thank-you", async () => {
    const user = renderForm({});
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByRole("heading", { name: "Thank you page" })).toBeInTheDocument();
    expect(screen.getByTestId("where")).toHaveTextContent("/thank-you");
    expect(name()).toHaveValue("");
    expect(mobile()).toHaveValue("");
    expect(email()).toHaveValue("");
    expect(
      within(status()).getByText("Thank you. Your request has been received and our team will call you shortly."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Name is required")).toBeNull();
  });

  it("on failure shows the error notice and keeps what was typed; a retry of the same answers is the same lead", async () => {
    answer = async () => new Response("{}", { status: 503 });
    const user = renderForm({});
    await fillValid(user);
    await user.click(submit());
    expect(
      await within(alert()).findByText(
        "There was an error submitting your request. Please try again or contact us directly.",
      ),
    ).toBeInTheDocument();
    expect(name()).toHaveValue("Asha Rao");
    expect(mobile()).toHaveValue("9876543210");
    expect(submit()).toBeEnabled();
    expect(screen.getByTestId("where")).toHaveTextContent("/page");

    await user.click(submit());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].headers.get("idempotency-key")).toBe(sent[0].headers.get("idempotency-key"));

    await user.type(name(), " K");
    await user.click(submit());
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2].headers.get("idempotency-key")).not.toBe(sent[0].headers.get("idempotency-key"));
  });

  it("on a network failure shows the error notice", async () => {
    answer = async () => {
      throw new TypeError("Failed to fetch");
    };
    const user = renderForm({});
    await fillValid(user);
    await user.click(submit());
    expect(
      await within(alert()).findByText(
        "There was an error submitting your request. Please try again or contact us directly.",
      ),
    ).toBeInTheDocument();
    expect(name()).toHaveValue("Asha Rao");
  });

  it("shows the relay's field messages when it finds a problem the browser did not", async () => {
    answer = async () =>
      Response.json({ error: "invalid", fields: { email: "Please enter a valid email address" } }, { status: 400 });
    const user = renderForm({});
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(email()).toHaveAttribute("aria-invalid", "true");
    expect(within(status()).getByText("Please fill the required fields correctly.")).toBeInTheDocument();
  });

  it("retries once, with the same key, when the relay asks for a fresh cross-site token", async () => {
    let calls = 0;
    answer = async () =>
      ++calls === 1
        ? Response.json({ error: "csrf" }, { status: 403 })
        : Response.json({ status: "accepted" }, { status: 202 });
    const user = renderForm({});
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByRole("heading", { name: "Thank you page" })).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1].headers.get("idempotency-key")).toBe(sent[0].headers.get("idempotency-key"));
  });

  it("sends what a bot put in the honeypot, for the relay to drop", async () => {
    const user = renderForm({});
    await fillValid(user);
    const trap = document.querySelector<HTMLInputElement>('input[name="hp_field"]');
    if (trap) trap.value = "http://spam.example";
    await user.click(submit());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body.honeypot).toBe("http://spam.example");
  });

  it("sends the booking modal's selects and the package booking's date", async () => {
    const user = renderForm({ formId: "package-booking" });
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText("Package"), "Cardiac Health Checkup");
    await user.type(screen.getByLabelText("Preferred date"), "2026-12-01");
    await user.click(screen.getByRole("button", { name: "Book Package" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body.values).toEqual({
      name: "Asha Rao",
      mobile: "9876543210",
      email: "asha@example.com",
      speciality: "Cardiac Health Checkup",
      appointmentDate: "2026-12-01",
    });
  });
});

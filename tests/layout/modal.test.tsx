// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Modal } from "../../src/site/ui/modal/Modal";
import { installDialogPolyfill, renderLayout } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-mock"));

beforeAll(installDialogPolyfill);
afterEach(cleanup);

function Harness({ opener }: { opener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button" ref={setTarget}>
        Elsewhere
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Test dialog" opener={opener ? target : undefined}>
        <button type="button">First</button>
        <a href="/x">Middle</a>
        <button type="button" hidden>
          Hidden
        </button>
        <button type="button">Last</button>
      </Modal>
    </>
  );
}

async function openHarness(props: { opener?: boolean } = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(screen.getByRole("button", { name: "Open" }));
  return { user, dialog: screen.getByRole("dialog", { name: "Test dialog" }) };
}

describe("Modal", () => {
  it("is a dialog named by its title, and moves focus to its first control", async () => {
    const { dialog } = await openHarness();
    expect(dialog.tagName).toBe("DIALOG");
    expect(dialog).toHaveAttribute("open");
    expect(within(dialog).getByRole("heading", { name: "Test dialog" })).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "First" })).toHaveFocus();
  });

  it("traps Tab and Shift+Tab inside, skipping hidden controls", async () => {
    const { user, dialog } = await openHarness();
    const close = within(dialog).getByRole("button", { name: "Close" });
    const first = within(dialog).getByRole("button", { name: "First" });
    const last = within(dialog).getByRole("button", { name: "Last" });
    await user.tab();
    expect(within(dialog).getByRole("link", { name: "Middle" })).toHaveFocus();
    await user.tab();
    expect(last).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(first).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  it("closes with Escape and gives focus back to the element that opened it", async () => {
    const { user, dialog } = await openHarness();
    await user.keyboard("{Escape}");
    expect(dialog).not.toHaveAttribute("open");
    expect(screen.getByRole("button", { name: "Open" })).toHaveFocus();
  });

  it("closes with its close button, returning focus to a given opener", async () => {
    const { user, dialog } = await openHarness({ opener: true });
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(dialog).not.toHaveAttribute("open");
    expect(screen.getByRole("button", { name: "Elsewhere" })).toHaveFocus();
  });

  it("closes on the browser's cancel event (Escape in a real browser) without letting it close alone", async () => {
    const { dialog } = await openHarness();
    const cancel = new Event("cancel", { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog).not.toHaveAttribute("open");
  });

  it("closes on a click on the backdrop but not inside the panel", async () => {
    const { user, dialog } = await openHarness();
    await user.click(within(dialog).getByRole("heading", { name: "Test dialog" }));
    expect(dialog).toHaveAttribute("open");
    await user.click(dialog);
    expect(dialog).not.toHaveAttribute("open");
  });

  it("locks the page's scrolling while open", async () => {
    const { user } = await openHarness();
    expect(document.documentElement).toHaveClass("is-scroll-locked");
    await user.keyboard("{Escape}");
    expect(document.documentElement).not.toHaveClass("is-scroll-locked");
  });
});

describe("booking modal", () => {
  it("shows the configured title around the booking lead form and returns focus to its opener", async () => {
    const user = userEvent.setup();
    renderLayout();
    const opener = screen.getByRole("button", { name: "Book Appointment" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Book an Appointment" });
    const form = within(dialog).getByRole("form", { name: "lead form booking" });
    expect(form).toHaveAttribute("data-id-prefix", "booking-modal");
    // The modal's heading is the only one: the form is asked not to repeat it.
    expect(form).toHaveAttribute("data-title", "");
    expect(within(dialog).getAllByRole("heading")).toHaveLength(1);
    expect(within(dialog).getByLabelText("Full name")).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole("button", { name: "Submit" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(dialog).not.toHaveAttribute("open");
    expect(opener).toHaveFocus();
  });

  it("keeps what was typed when it is closed and opened again", async () => {
    const user = userEvent.setup();
    renderLayout();
    const opener = screen.getByRole("button", { name: "Book Appointment" });
    await user.click(opener);
    await user.type(screen.getByLabelText("Full name"), "Asha");
    await user.keyboard("{Escape}");
    await user.click(opener);
    expect(screen.getByLabelText("Full name")).toHaveValue("Asha");
  });

  it("closes when the page changes (the form going to /thank-you)", async () => {
    const user = userEvent.setup();
    const { router } = renderLayout();
    await user.click(screen.getByRole("button", { name: "Book Appointment" }));
    const dialog = await screen.findByRole("dialog", { name: "Book an Appointment" });
    await router.navigate("/thank-you");
    await vi.waitFor(() => expect(dialog).not.toHaveAttribute("open"));
  });
});

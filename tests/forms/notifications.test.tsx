// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type NotificationKind, NotificationsProvider, useNotify } from "../../src/site/ui/notifications/Notifications";

function Trigger({ kind, message }: { kind: NotificationKind; message: string }) {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify(kind, message)}>
      {`${kind}: ${message}`}
    </button>
  );
}

function renderWith(...triggers: { kind: NotificationKind; message: string }[]) {
  render(
    <NotificationsProvider>
      {triggers.map((t) => (
        <Trigger key={`${t.kind}${t.message}`} {...t} />
      ))}
    </NotificationsProvider>,
  );
}

const click = (kind: NotificationKind, message: string) =>
  act(() => {
    fireEvent.click(screen.getByRole("button", { name: `${kind}: ${message}` }));
  });
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("notifications", () => {
  it("has its live regions in the page before any message, errors assertive and the rest polite", () => {
    renderWith();
    expect(screen.getByRole("alert")).toHaveAttribute("aria-live", "assertive");
    expect(screen.getByRole("status")).toHaveAttribute("aria-live", "polite");
    expect(screen.getByRole("region", { name: "Notifications" })).toHaveClass("notifications");
  });

  it("announces an error in the alert region and info or success in the status region", () => {
    renderWith(
      { kind: "error", message: "Sending failed" },
      { kind: "info", message: "Fill it in" },
      { kind: "success", message: "Sent" },
    );
    click("error", "Sending failed");
    click("info", "Fill it in");
    click("success", "Sent");
    expect(within(screen.getByRole("alert")).getByText("Sending failed")).toBeInTheDocument();
    expect(within(screen.getByRole("status")).getByText("Fill it in")).toBeInTheDocument();
    expect(within(screen.getByRole("status")).getByText("Sent")).toBeInTheDocument();
    expect(screen.getByText("Sending failed").closest(".notification")).toHaveClass("notification--error");
  });

  it("fades an error out after 4500 ms over 300 ms", () => {
    renderWith({ kind: "error", message: "Sending failed" });
    click("error", "Sending failed");
    const note = () => screen.queryByText("Sending failed")?.closest(".notification");
    advance(4499);
    expect(note()).not.toHaveClass("notification--leaving");
    advance(1);
    expect(note()).toHaveClass("notification--leaving");
    advance(299);
    expect(note()).toBeTruthy();
    advance(1);
    expect(note()).toBeFalsy();
  });

  it("fades info and success out after 3500 ms", () => {
    renderWith({ kind: "info", message: "Fill it in" }, { kind: "success", message: "Sent" });
    click("info", "Fill it in");
    click("success", "Sent");
    advance(3499);
    expect(screen.getByText("Fill it in").closest(".notification")).not.toHaveClass("notification--leaving");
    advance(1);
    expect(screen.getByText("Fill it in").closest(".notification")).toHaveClass("notification--leaving");
    expect(screen.getByText("Sent").closest(".notification")).toHaveClass("notification--leaving");
    advance(300);
    expect(screen.queryByText("Fill it in")).toBeNull();
    expect(screen.queryByText("Sent")).toBeNull();
  });

  it("shows the same message once, restarting its time-out", () => {
    renderWith({ kind: "info", message: "Fill it in" });
    click("info", "Fill it in");
    advance(3000);
    click("info", "Fill it in");
    expect(screen.getAllByText("Fill it in")).toHaveLength(1);
    advance(3000);
    expect(screen.getByText("Fill it in").closest(".notification")).not.toHaveClass("notification--leaving");
    advance(800);
    expect(screen.queryByText("Fill it in")).toBeNull();
  });

  it("can be dismissed at once", () => {
    renderWith({ kind: "error", message: "Sending failed" });
    click("error", "Sending failed");
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    });
    advance(300);
    expect(screen.queryByText("Sending failed")).toBeNull();
  });

  it("uses no inline styles (the content security policy forbids them)", () => {
    renderWith({ kind: "error", message: "Sending failed" });
    click("error", "Sending failed");
    expect(document.querySelector("[style]")).toBeNull();
  });

  it("outside a provider, logs instead of failing", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    render(<Trigger kind="info" message="Hello" />);
    click("info", "Hello");
    expect(info).toHaveBeenCalledWith("[info] Hello");
    expect(error.mock.calls.length).toBeLessThanOrEqual(1);
  });
});

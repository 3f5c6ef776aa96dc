// @vitest-environment jsdom
/**
 * A navigation that fails after a branch is chosen is logged and nothing more (spec sections 2.4
 * and 8). The router's navigate is replaced so it can fail on demand.
 */
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LocationsModal } from "../../src/site/layout/locations-modal/LocationsModal";
import { MemoryRouter } from "../../src/site/router/router";
import { installDialogPolyfill, withFakeTimers, withRealTimers } from "./helpers";

const navigate = vi.fn();
vi.mock("../../src/site/router/router", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/site/router/router")>()),
  useNavigate: () => navigate,
}));

beforeAll(installDialogPolyfill);
afterEach(() => {
  cleanup();
  withRealTimers();
  navigate.mockReset();
  vi.restoreAllMocks();
});

function renderModal() {
  const onClose = vi.fn();
  render(
    <MemoryRouter>
      <LocationsModal open onClose={onClose} />
    </MemoryRouter>,
  );
  return { onClose, dialog: screen.getByRole("dialog", { name: "Choose a branch" }) };
}

describe("locations modal navigation failure", () => {
  it("logs a navigation that throws, and throws nothing", async () => {
    const user = withFakeTimers();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("blocked");
    navigate.mockImplementation(() => {
      throw failure;
    });
    const { onClose, dialog } = renderModal();
    await user.click(within(dialog).getByRole("link", { name: "Vizag Visakhapatnam" }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(navigate).not.toHaveBeenCalled();
    expect(() => act(() => vi.advanceTimersByTime(300))).not.toThrow();
    expect(navigate).toHaveBeenCalledWith("/locations/vizag");
    expect(error).toHaveBeenCalledWith("Navigation to /locations/vizag failed.", failure);
  });

  it("logs a navigation whose promise rejects", async () => {
    const user = withFakeTimers();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("loader failed");
    navigate.mockImplementation(() => Promise.reject(failure));
    const { dialog } = renderModal();
    await user.click(within(dialog).getByRole("link", { name: "Kothapet Hyderabad" }));
    await act(async () => vi.advanceTimersByTime(300));
    expect(error).toHaveBeenCalledWith("Navigation to /locations/kothapet failed.", failure);
  });
});

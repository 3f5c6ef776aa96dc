// @vitest-environment jsdom
/**
 * The change set view's "before and after": each page a file's changes show on can be compared,
 * the published page beside the change set's, once its preview is built.
 */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ComparePages, openablePages } from "../../src/editor/app/changes/ComparePages";
import { everyPage } from "../../src/editor/shared/changes-api";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("comparing a page before and after", () => {
  it("offers the pages a browser can open: every page means the home page, a route pattern none", () => {
    expect(openablePages([everyPage])).toEqual(["/home"]);
    expect(openablePages(["/specialities/:slug", "/te/about-us", "/te/about-us"])).toEqual(["/te/about-us"]);
  });

  it("builds the preview, then frames the published page beside the change set's, without their scripts", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(String(url));
        return new Response(JSON.stringify({ url: "/editor/changes/abc123/site" }), { status: 200 });
      }),
    );
    render(<ComparePages id="abc123" pages={["/about-us"]} />);
    fireEvent.click(screen.getByRole("button", { name: "Compare /about-us before and after" }));
    const before = await screen.findByTitle("/about-us as published now");
    const after = screen.getByTitle("/about-us with this change set");
    expect(calls).toEqual(["/editor/api/changes/abc123/preview", "/editor/changes/abc123/site"]);
    expect(before.getAttribute("src")).toBe("/editor/published/page/about-us");
    expect(after.getAttribute("src")).toBe("/about-us");
    for (const frame of [before, after]) expect(frame.getAttribute("sandbox")).toBe("allow-same-origin");
    expect(screen.getByRole("heading", { name: /\/about-us: before and after/ })).toBeTruthy();
  });

  it("says why when the preview cannot be built", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: "The preview could not be built. Broken." }), { status: 409 }),
      ),
    );
    render(<ComparePages id="abc123" pages={["/about-us"]} />);
    fireEvent.click(screen.getByRole("button", { name: "Compare /about-us before and after" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The preview could not be built. Broken.");
    expect(screen.queryByTitle("/about-us as published now")).toBeNull();
  });
});

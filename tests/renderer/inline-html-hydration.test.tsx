// @vitest-environment jsdom
/**
 * Content HTML through hydration (src/site/ui/text.tsx): a prerendered span keeps the server's
 * sanitised markup while the page hydrates, without the sanitiser being needed for it; a string
 * that changes afterwards is sanitised, and never goes back to being passed through unsanitised,
 * not even when it changes back to the string the page was served with.
 */
import { act } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sanitizeInlineHtml } from "../../src/shared/html/sanitize";
import { beginInitialHydration, endInitialHydration } from "../../src/site/ui/initial-hydration";
import { InlineHtml } from "../../src/site/ui/text";

// A string the validator refuses, as a data file edited past it could still carry.
const served = 'Unclosed: <a href="https://evil.example/">partner <img src=x onerror="window.__ran = true">';
const other = "Now <b>bold</b>";

let setHtml: (html: string) => void = () => {};
function Holder({ initial }: { initial: string }) {
  const [html, set] = useState(initial);
  setHtml = set;
  return <InlineHtml html={html} />;
}

afterEach(() => {
  endInitialHydration();
  vi.restoreAllMocks();
});

describe("content HTML and hydration", () => {
  it("keeps the prerendered markup, then sanitises every later string, the served one too", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Holder initial={served} />);
    document.body.append(container);
    const span = () => container.querySelector("span") as HTMLSpanElement;
    const prerendered = span().innerHTML;
    expect(prerendered).toBe(sanitizeInlineHtml(served));
    expect(prerendered).not.toContain("onerror");

    // React's development build warns that the served string is not the markup it finds: that is
    // the point (it keeps the server's markup); production builds do not compare.
    vi.spyOn(console, "error").mockImplementation(() => {});
    beginInitialHydration();
    await act(async () => {
      hydrateRoot(container, <Holder initial={served} />);
    });
    endInitialHydration();
    expect(span().innerHTML).toBe(prerendered);

    await act(async () => setHtml(other));
    expect(span().innerHTML).toBe("Now <b>bold</b>");

    await act(async () => setHtml(served));
    expect(span().innerHTML).toBe(sanitizeInlineHtml(served));
    expect(span().querySelector("img")).toBeNull();
    expect((window as unknown as { __ran?: boolean }).__ran).toBeUndefined();
    container.remove();
  });
});

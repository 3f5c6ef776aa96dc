// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Link, LinkNavigationProvider } from "../../src/site/ui/AppLink";
import { createMemoryRouter, RouterProvider } from "../helpers/memory-router";

function renderAt(path: string, links = <Link to="/contact-us">Contact us</Link>) {
  const router = createMemoryRouter(
    [{ path: "*", element: <LinkNavigationProvider>{links}</LinkNavigationProvider> }],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("in-site links", () => {
  it("are plain anchors with the path as href", () => {
    renderAt("/home");
    const link = screen.getByRole("link", { name: "Contact us" });
    expect(link.getAttribute("href")).toBe("/contact-us");
    expect(link.hasAttribute("data-discover")).toBe(false);
  });

  it("navigate in the app on a plain click, pushing a history entry", () => {
    const router = renderAt("/home");
    const click = fireEvent.click(screen.getByRole("link", { name: "Contact us" }), { button: 0 });
    expect(click).toBe(false); // default prevented: no page load
    expect(router.state.location.pathname).toBe("/contact-us");
    expect(router.state.historyAction).toBe("PUSH");
  });

  it("leave modified clicks (new tab, new window) and other targets to the browser", () => {
    const router = renderAt(
      "/home",
      <>
        <Link to="/contact-us">Contact us</Link>
        <Link to="/feedback" target="_blank">
          Feedback
        </Link>
      </>,
    );
    for (const modifier of ["ctrlKey", "metaKey", "shiftKey", "altKey"])
      expect(fireEvent.click(screen.getByRole("link", { name: "Contact us" }), { button: 0, [modifier]: true })).toBe(
        true,
      );
    expect(fireEvent.click(screen.getByRole("link", { name: "Feedback" }), { button: 0 })).toBe(true);
    expect(router.state.location.pathname).toBe("/home");
  });

  it("let the link's own click handler cancel the navigation", () => {
    const router = renderAt(
      "/home",
      <Link to="/contact-us" onClick={(event) => event.preventDefault()}>
        Contact us
      </Link>,
    );
    fireEvent.click(screen.getByRole("link", { name: "Contact us" }), { button: 0 });
    expect(router.state.location.pathname).toBe("/home");
  });

  it("replace the history entry when they lead to the page one is on", () => {
    window.history.replaceState(null, "", "/contact-us");
    const router = renderAt("/contact-us");
    fireEvent.click(screen.getByRole("link", { name: "Contact us" }), { button: 0 });
    expect(router.state.historyAction).toBe("REPLACE");
  });
});

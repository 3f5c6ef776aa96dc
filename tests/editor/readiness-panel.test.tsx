// @vitest-environment jsdom
/**
 * "Ready to publish?" in the change set view: what blocks publishing, by file, each a link to its
 * field (a treatment's to its page), or a plain "ready" when nothing does.
 */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { problemHref, ReadinessPanel } from "../../src/editor/app/changes/ReadinessPanel";
import type { ReadinessProblem, ReadinessResponse } from "../../src/editor/shared/changes-api";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const post: ReadinessProblem = {
  file: "site-config/blog-posts.json",
  fileLabel: "Blog posts",
  place: "Blog post ‘Knee replacement’ › Sample",
  pointer: "/posts/1/sample",
  line: 85,
  message: "'Knee replacement' is a sample blog post, written to show the layout.",
};
const treatment: ReadinessProblem = {
  file: "site-config/collections/cardiology-sub-departments.json",
  fileLabel: "Cardiology treatments",
  place: "Treatment ‘Angioplasty’ › Phone",
  pointer: "/sub_departments/3/phone",
  line: 400,
  message: "The phone number is the sample one.",
  treatment: "angioplasty",
};

const answering = (body: ReadinessResponse) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
  );

describe("ready to publish?", () => {
  it("links a field by its file and pointer, a treatment's by its page", () => {
    expect(problemHref(post)).toBe("#file=site-config%2Fblog-posts.json&pointer=%2Fposts%2F1%2Fsample");
    expect(problemHref(treatment)).toBe(
      "#file=site-config%2Fcollections%2Fcardiology-sub-departments.json&treatment=angioplasty",
    );
  });

  it("lists what blocks publishing by file, each a link to its field, and says when production will ask", async () => {
    answering({
      ready: false,
      production: false,
      summary: "2 errors and 0 warnings in 2 of 108 files.",
      problems: [post, treatment],
    });
    render(<ReadinessPanel id="abc123" />);
    fireEvent.click(screen.getByRole("button", { name: "Check before publishing" }));
    const status = await screen.findByRole("status");
    expect(status.textContent).toBe(
      "2 problems block publishing once the site is marked ready for production (site settings: “production”). 2 errors and 0 warnings in 2 of 108 files.",
    );
    expect(screen.getByRole("heading", { name: "Blog posts" })).toBeTruthy();
    const link = screen.getByRole("link", { name: "Blog post ‘Knee replacement’ › Sample" });
    expect(link.getAttribute("href")).toBe(problemHref(post));
    expect(link.parentElement?.textContent).toContain(post.message);
    expect(screen.getByRole("link", { name: "Treatment ‘Angioplasty’ › Phone" }).getAttribute("href")).toBe(
      problemHref(treatment),
    );
  });

  it("says the change set is ready when the check finds nothing", async () => {
    answering({ ready: true, production: true, summary: "No problems in 108 files.", problems: [] });
    render(<ReadinessPanel id="abc123" />);
    fireEvent.click(screen.getByRole("button", { name: "Check before publishing" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Ready to publish: the publish check found nothing to fix.",
    );
    expect(screen.queryAllByRole("link")).toHaveLength(0);
  });
});

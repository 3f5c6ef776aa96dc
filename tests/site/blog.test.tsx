// @vitest-environment jsdom
import { act, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { BlogPost } from "../../src/shared/generated/blog-posts";
import { blockWords } from "../../src/site/config/block-words";
import { MemoryRouter, matchRoutes, useLocation } from "../../src/site/router/router";

const sampleArticleNote = blockWords.samples.articleNote;

import { blogPosts } from "../../src/site/config/content";
import { fillName } from "../../src/site/entries/entry-context";
import { buildRoutes } from "../../src/site/routes/routes";
import { SiteRoutes } from "../../src/site/routes/SiteRoutes";
import { renderBlocks } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-stub"));

const post: BlogPost = {
  slug: "test-post",
  title: "A test article",
  summary: "What it is about.",
  date: "2025-03-04",
  author: "Cardiology team",
  speciality: "cardiology",
  readingMinutes: 3,
  sections: [
    { paragraphs: ["Opening <em>words</em>."] },
    { heading: "Signs", paragraphs: ["Watch for:"], list: ["Pain: in the chest.", "Breathlessness"] },
  ],
  sample: true,
};

describe("blog list block", () => {
  it("lists every post newest first, each linking to /blogs/{slug}", () => {
    renderBlocks([{ type: "blog-list", title: "Articles" }]);
    const newestFirst = [...blogPosts].sort((a, b) => b.date.localeCompare(a.date));
    const links = screen.getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(newestFirst.map((p) => p.title));
    expect(links.map((a) => a.getAttribute("href"))).toEqual(newestFirst.map((p) => `/blogs/${p.slug}`));
  });

  it("shows date, topic, reading time and the sample mark on a card", () => {
    renderBlocks([{ type: "blog-list", limit: 1 }]);
    const [card] = screen.getAllByRole("listitem");
    const newest = [...blogPosts].sort((a, b) => b.date.localeCompare(a.date))[0];
    expect(within(card).getByText(newest.summary)).toBeInTheDocument();
    expect(card.querySelector("time")).toHaveAttribute("datetime", newest.date);
    if (newest.readingMinutes) expect(within(card).getByText(`${newest.readingMinutes} min read`)).toBeInTheDocument();
    if (newest.sample) expect(within(card).getByText("Sample article")).toBeInTheDocument();
  });
});

describe("blog article block", () => {
  it("shows the post's H1, date, author, sections and lists", () => {
    renderBlocks(
      [
        {
          type: "blog-article",
          disclaimer: "General information.",
          backLink: { label: "All articles", route: "/blogs" },
        },
      ],
      {
        entry: { kind: "posts", entry: post },
      },
    );
    expect(screen.getByRole("heading", { level: 1, name: "A test article" })).toBeInTheDocument();
    expect(screen.getByText("4 March 2025")).toHaveAttribute("datetime", "2025-03-04");
    expect(screen.getByText("Cardiology team")).toBeInTheDocument();
    expect(screen.getByText("words").tagName).toBe("EM");
    expect(screen.getByRole("heading", { level: 2, name: "Signs" })).toBeInTheDocument();
    expect(screen.getByText("Pain:").closest("strong")).not.toBeNull();
    expect(screen.getByRole("link", { name: "Cardiology" })).toHaveAttribute("href", "/specialities/cardiology");
    expect(screen.getByText("General information.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All articles" })).toHaveAttribute("href", "/blogs");
  });

  it("says a sample article is awaiting review, and says nothing for a reviewed one", () => {
    const { unmount } = renderBlocks([{ type: "blog-article" }], { entry: { kind: "posts", entry: post } });
    expect(screen.getByText(sampleArticleNote)).toBeInTheDocument();
    unmount();
    renderBlocks([{ type: "blog-article" }], { entry: { kind: "posts", entry: { ...post, sample: false } } });
    expect(screen.queryByText(sampleArticleNote)).toBeNull();
  });

  it("fails in place (Content Not Loaded) outside an article page", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    renderBlocks([{ type: "blog-article" }]);
    expect(screen.getByText("Content Not Loaded")).toBeInTheDocument();
    error.mockRestore();
  });
});

/** Shows the address the app is at. */
function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

describe("article pages in the route table", () => {
  it("serves every blog post at /blogs/:slug, beside the blog, branch and speciality pages", () => {
    const routes = buildRoutes();
    const expected: [string, string][] = [
      ...blogPosts.map((p): [string, string] => [`/blogs/${p.slug}`, "/blogs/:slug"]),
      ["/blogs", "/blogs"],
      ["/locations/kukatpally", "/locations/:slug"],
      ["/specialities/cardiology", "/specialities/:slug"],
    ];
    for (const [path, route] of expected) expect(matchRoutes(routes, path)?.at(-1)?.route.path, path).toBe(route);
  });

  it("shows a post's own article, and sends an address with no such post to /home", async () => {
    const [first] = blogPosts;
    // The page's content and its blocks' code load with the route: act waits for them.
    const { unmount } = await act(async () =>
      render(
        <MemoryRouter initialEntries={[`/blogs/${first.slug}`]}>
          <SiteRoutes routes={buildRoutes()} />
          <Address />
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByRole("heading", { level: 1, name: first.title })).toBeInTheDocument();
    unmount();
    await act(async () =>
      render(
        <MemoryRouter initialEntries={["/blogs/no-such-post"]}>
          <SiteRoutes routes={buildRoutes()} />
          <Address />
        </MemoryRouter>,
      ),
    );
    await vi.waitFor(() => expect(screen.getByTestId("address")).toHaveTextContent(/^\/home$/));
  });

  it("fills a post's title and summary into the page's meta", () => {
    const entry = { kind: "posts", entry: post } as const;
    expect(fillName("{name}", entry)).toBe("A test article");
    expect(fillName("{summary}", entry)).toBe("What it is about.");
  });
});

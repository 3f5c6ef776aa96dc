/**
 * The pages' social cards as the build state keeps them (src/build/page-cards.ts): changed where
 * pages were made again or went, with whether a card may now be shown by no page.
 */
import { describe, expect, it } from "vitest";
import { type KeptPageCards, pageCardsAfter, shownCards } from "../../src/build/page-cards";

/** The columns as a record, page -> card. */
const asRecord = (kept: KeptPageCards) =>
  Object.fromEntries(kept.pages.map((page, i) => [page, kept.cards[kept.at[i]]]));

const first = pageCardsAfter([], undefined, {
  "/": "social/home.png",
  "/te": "social/home-te.png",
  "/a": "social/a.png",
  "/b": "social/shared.png",
  "/c": "social/shared.png",
  "/no-card": null,
}).kept;

describe("the pages' social cards kept between builds", () => {
  it("lists every page made with its card, and none for a page without one", () => {
    expect(asRecord(first)).toEqual({
      "/": "social/home.png",
      "/te": "social/home-te.png",
      "/a": "social/a.png",
      "/b": "social/shared.png",
      "/c": "social/shared.png",
    });
    expect(first.cards).toHaveLength(4);
  });

  it("keeps the others' cards, and drops nothing, when a page made again names the same card", () => {
    const after = pageCardsAfter([], first, { "/a": "social/a.png" });
    expect(after.dropped).toBe(false);
    expect(asRecord(after.kept)).toEqual(asRecord(first));
  });

  it("says a card was dropped when a page's card changed, and shows the ones still named", () => {
    const after = pageCardsAfter([], first, { "/a": "social/a2.png", "/b": "social/b.png" });
    expect(after.dropped).toBe(true);
    expect(asRecord(after.kept)["/a"]).toBe("social/a2.png");
    expect(shownCards(after.kept)).toEqual(
      new Set(["social/home.png", "social/home-te.png", "social/a2.png", "social/b.png", "social/shared.png"]),
    );
  });

  it("forgets the pages gone and a page that no longer has a card, and no longer shows their cards", () => {
    const after = pageCardsAfter(["/a", "/unknown"], first, { "/te": null, "/new": "social/new.png" });
    expect(after.dropped).toBe(true);
    expect(asRecord(after.kept)).toEqual({
      "/": "social/home.png",
      "/b": "social/shared.png",
      "/c": "social/shared.png",
      "/new": "social/new.png",
    });
    expect(shownCards(after.kept)).toEqual(new Set(["social/home.png", "social/shared.png", "social/new.png"]));
  });

  it("gives the same cards when many pages are made again as when a few are", () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`/p${i}`, `social/p${i % 7}.png`]));
    const byMany = pageCardsAfter(["/b"], first, { ...many, "/a": "social/a2.png" }).kept;
    let byFew = pageCardsAfter(["/b"], first, { "/a": "social/a2.png" }).kept;
    for (const [page, card] of Object.entries(many)) byFew = pageCardsAfter([], byFew, { [page]: card }).kept;
    expect(asRecord(byMany)).toEqual(asRecord(byFew));
    expect(new Set(byMany.cards)).toEqual(new Set(byFew.cards));
  });
});

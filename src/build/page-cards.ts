/**
 * Each page's social card as the build state keeps it between builds (build-state.ts): in
 * columns, each page's path and the number of its card among the cards named, not a record of
 * 31,000 pages' paths and card names (at 10,000 treatments V8 took 25-50 ms to read that record
 * back and as long to write it, on every one-change build; the columns take 2 ms). A build
 * changes it where pages were made again or went, and says whether a card may now be shown by
 * no page (the clean-up then looks).
 */

/** The pages' cards: `cards[at[i]]` is the card (relative to dist/) of `pages[i]`; pages without one are not listed. */
export interface KeptPageCards {
  pages: string[];
  cards: string[];
  at: Int32Array;
}

/** The pages' cards after a build. */
export interface PageCardsAfter {
  kept: KeptPageCards;
  /** A page gone or made again lost or changed its card: a card may now be shown by no page. */
  dropped: boolean;
}

/** Past this many pages made again, their places are looked up in a table rather than by search. */
const searchedPages = 64;

/**
 * Each page's social card after this build: the pages it made again name theirs (`made`: a card,
 * or null for none), the others keep `before`'s (the last build's; none in a full build), the
 * pages `gone` (the last build's pages this one no longer has) lose theirs.
 */
export function pageCardsAfter(
  gone: readonly string[],
  before: KeptPageCards | undefined,
  made: Record<string, string | null> | undefined,
): PageCardsAfter {
  const pages = before ? [...before.pages] : [];
  const at = before ? Array.from(before.at) : [];
  const cards = before ? [...before.cards] : [];
  const cardNumber = new Map(cards.map((card, i) => [card, i]));
  const numberOf = (card: string) => {
    let n = cardNumber.get(card);
    if (n === undefined) {
      n = cards.push(card) - 1;
      cardNumber.set(card, n);
    }
    return n;
  };
  const changes = Object.entries(made ?? {});
  // A few pages made again are found by a search of the list; many, by a table of it.
  const table = changes.length + gone.length > searchedPages ? new Map(pages.map((page, i) => [page, i])) : undefined;
  const place = (page: string) => (table ? (table.get(page) ?? -1) : pages.indexOf(page));
  let dropped = false;
  for (const page of gone) {
    const i = place(page);
    if (i < 0) continue;
    at[i] = -1;
    dropped = true;
  }
  for (const [page, card] of changes) {
    const i = place(page);
    if (i < 0) {
      if (card) {
        pages.push(page);
        at.push(numberOf(card));
      }
      continue;
    }
    if (at[i] >= 0 && cards[at[i]] !== card) dropped = true;
    at[i] = card ? numberOf(card) : -1;
  }
  if (!dropped && cards.length === (before?.cards.length ?? 0) && pages.length === (before?.pages.length ?? 0))
    return { kept: { pages, cards, at: Int32Array.from(at) }, dropped };
  return { kept: compact(pages, cards, at), dropped };
}

/** The columns without the pages that lost their card (-1) and the cards no page shows. */
function compact(pages: string[], cards: string[], at: number[]): KeptPageCards {
  const renumbered = new Map<number, number>();
  const kept: KeptPageCards = { pages: [], cards: [], at: new Int32Array(0) };
  const numbers: number[] = [];
  pages.forEach((page, i) => {
    if (at[i] < 0) return;
    let n = renumbered.get(at[i]);
    if (n === undefined) {
      n = kept.cards.push(cards[at[i]]) - 1;
      renumbered.set(at[i], n);
    }
    kept.pages.push(page);
    numbers.push(n);
  });
  kept.at = Int32Array.from(numbers);
  return kept;
}

/** Every card some page shows (relative to dist/). */
export const shownCards = (kept: KeptPageCards): Set<string> => new Set(kept.cards);

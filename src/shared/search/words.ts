/**
 * How the site search reads text, the same in the build (which indexes) and the browser (which
 * queries): words are runs of letters, combining marks and digits, so a Telugu or Devanagari
 * vowel sign or virama stays with its consonant and a conjunct stays one word ("మోకాలి",
 * "प्रत्यारोपण"); text is compared in Unicode NFC, lower case, without zero-width joiners (the
 * same Telugu word is typed with and without a ZWNJ). Pure: no DOM, no Node.
 */

/** Letters, combining marks (vowel signs, virama, nukta) and digits: a word. */
const wordPattern = /[\p{L}\p{M}\p{N}]+/gu;

/** Zero-width non-joiner and joiner: they change a glyph's shape, not the word. */
const joiners = /[\u200c\u200d]/g;

/** Words so common in the site's English that they would match every page. */
const stopWords = new Set(["a", "an", "and", "at", "by", "for", "in", "is", "of", "on", "or", "the", "to", "with"]);

/** A text's searchable words, in order (repeats kept), as the index and a query compare them. */
export function searchWords(text: string): string[] {
  const normal = text.normalize("NFC").toLowerCase().replace(joiners, "");
  return (normal.match(wordPattern) ?? []).filter((word) => !stopWords.has(word));
}

/** Code points, so a Telugu or Devanagari letter counts once however UTF-16 stores it. */
const points = (word: string) => Array.from(word);

/** Words this long or longer also match with one letter wrong, missing or extra. */
export const typoMinLength = 5;

/**
 * The word with each one letter left out: two words one letter apart (a letter changed, left out
 * or added) share one of these, so the index lists every word under them and a query looks
 * them up (the "symmetric delete" way, no list of the whole vocabulary needed).
 */
export function deletions(word: string): string[] {
  const letters = points(word);
  if (letters.length < typoMinLength - 1) return [];
  const out = new Set<string>();
  for (let i = 0; i < letters.length; i++) out.add([...letters.slice(0, i), ...letters.slice(i + 1)].join(""));
  return [...out];
}

/** Whether two words differ by at most one letter changed, left out, added, or two swapped. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const x = points(a);
  const y = points(b);
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  let j = 0;
  while (j < x.length - i && j < y.length - i && x[x.length - 1 - j] === y[y.length - 1 - j]) j++;
  const restX = x.length - i - j;
  const restY = y.length - i - j;
  if (restX <= 1 && restY <= 1) return true;
  // Two neighbouring letters swapped ("kneee" aside, "hetar" for "heart").
  return restX === 2 && restY === 2 && x[i] === y[i + 1] && x[i + 1] === y[i];
}

/** FNV-1a over the word's UTF-16 units: which shard of the index holds a key. */
export function shardOf(key: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

/** "Did you mean ...?": the closest of some names to a name that was not found. */

/** Edit distance (insertions, deletions, substitutions) between two strings. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The candidate closest to `name`, or undefined when none is close enough to be a likely typo:
 * within a third of the name's length (at least 2 edits), ignoring case, or one containing the
 * other when both are long enough for that to mean something.
 */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const wanted = name.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const lower = candidate.toLowerCase();
    const related = contains(lower, wanted);
    // A length difference alone rules most candidates out cheaply.
    if (!related && Math.abs(lower.length - wanted.length) > limit) continue;
    const distance = editDistance(wanted, lower);
    if ((related || distance <= limit) && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** One contains the other, with separators ('/', '-', '_', spaces) counted as the same. */
function contains(a: string, b: string): boolean {
  const [x, y] = [a.replace(/[^a-z0-9]+/g, "-"), b.replace(/[^a-z0-9]+/g, "-")];
  return Math.min(x.length, y.length) >= 4 && (x.includes(y) || y.includes(x));
}

/**
 * Where the editor is, kept in the address (#file=...&part=...&lang=...), so a reload, the back
 * button and a shared link keep the place. Pure reading and writing of the hash; EditorApp owns
 * the state and the questions asked before leaving unsaved work.
 */
import { collectionPlace } from "../shared/collection-paths";

/** What the editor shows, as read from and written to the address. */
export interface Place {
  /** The hosted editor's change sets, review and publishing (#changes). */
  changes?: boolean;
  file?: string;
  part?: string;
  /** The language being edited; none for the default. */
  lang?: string;
  /** In a treatment collection: the open treatment page's slug, or "settings". */
  treatment?: string;
  /** The translator's queue of `lang`. */
  queue?: boolean;
  /** The open file's (or treatment's) history instead of its form (hosted editor). */
  history?: boolean;
  /** A field to go to (JSON pointer), from a link to it. */
  pointer?: string;
}

/** Reads the place from the window's current address. */
export function readPlace(): Place {
  if (window.location.hash === "#changes") return { changes: true };
  const params = new URLSearchParams(window.location.hash.slice(1));
  const file = params.get("file") ?? undefined;
  const treatment = params.get("treatment") ?? undefined;
  const lang = params.get("lang") ?? undefined;
  if (params.get("queue") === "1") return { queue: true, lang };
  // A treatment page file of a collection folder opens in its collection's list.
  const place = file ? collectionPlace(file) : undefined;
  const history = params.get("view") === "history" || undefined;
  if (place?.slug) return { file: place.collection, treatment: place.slug, lang, history };
  const pointer = params.get("pointer") ?? undefined;
  return { file, part: params.get("part") ?? undefined, treatment, lang, history, pointer };
}

/** The address (hash, with its "#") of a place; a field pointer is read from links but not written. */
export function placeHash(place: Place): string {
  const params = new URLSearchParams();
  if (place.file) params.set("file", place.file);
  if (place.part) params.set("part", place.part);
  if (place.treatment) params.set("treatment", place.treatment);
  if (place.lang) params.set("lang", place.lang);
  if (place.queue) params.set("queue", "1");
  if (place.history) params.set("view", "history");
  return `#${params.toString()}`;
}

/**
 * The treatments' search texts as the search step keeps them between builds (search-cache.ts):
 * not in `index.v8`, which every build reads whole (they were 5.9 MB of its 6.9 at 10,000
 * treatments), but in files of `textChunk` treatments each, in page order, `texts-{n}.v8`. A
 * build after one treatment changed reads the file holding it (its texts before the change, and
 * its neighbours' for the page file it shares with them) and writes that file alone.
 *
 * Each file bears the tag `index.v8` names for it, as the shards do: a file missing, unreadable
 * or another build's is not taken, and the texts it held are read again from the treatments' files.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { deserialize } from "node:v8";
import type { SearchTreatment, TreatmentSource } from "./treatments";

/**
 * Treatments per file: a multiple of the pages per page file (index-files.ts's pageChunk), so the
 * page file a changed treatment shares with its neighbours lies in one file of texts.
 */
export const textChunk = 256;

/** What `index.v8` keeps of the texts: each treatment's key, and each file's tag (file n: order[n * textChunk ...]). */
export interface KeptTextIndex {
  /** The treatments' ids in page order. */
  order: string[];
  /** Each treatment's key, in page order. */
  keys: string[];
  tags: string[];
}

/** A file of texts. */
interface TextFile {
  tag: string;
  treatments: SearchTreatment[];
}

/** A file of texts that is not the one `index.v8` names, when the texts before a change are asked of it. */
export class StaleTexts extends Error {}

/** The file of texts number `n` in the search cache's folder. */
export const textFile = (folder: string, n: number) => path.join(folder, `texts-${n}.v8`);

/**
 * This build's treatments' texts: a changed treatment's read from its files, an unchanged one's
 * from the kept file holding it (read when first asked), or from its files when that file is not
 * the one kept.
 */
export class TreatmentTextStore {
  /** The treatments' ids in page order. */
  readonly order: string[];
  private readonly texts = new Map<string, SearchTreatment>();
  /** The last build's texts by id, of the kept files read. */
  private readonly before = new Map<string, SearchTreatment>();
  /** Kept files read (true) or found stale (false). */
  private readonly read = new Map<number, boolean>();
  private readonly keptAt = new Map<string, number>();

  constructor(
    private readonly folder: string,
    private readonly sources: Map<string, TreatmentSource>,
    private readonly kept: KeptTextIndex | undefined,
  ) {
    this.order = [...sources.keys()].sort();
    kept?.order.forEach((id, i) => {
      this.keptAt.set(id, i);
    });
  }

  /** Whether a treatment's texts differ from the last build's (a treatment new since counts as changed). */
  changed(id: string): boolean {
    const at = this.keptAt.get(id);
    return at === undefined || this.kept?.keys[at] !== this.sources.get(id)?.key;
  }

  /** A treatment's texts in this build. */
  get(id: string): SearchTreatment {
    let texts = this.texts.get(id);
    if (texts) return texts;
    texts = (!this.changed(id) && this.keptTexts(id)) || (this.sources.get(id) as TreatmentSource).read();
    this.texts.set(id, texts);
    return texts;
  }

  /** A treatment's texts as the last build kept them; throws StaleTexts when they cannot be read. */
  last(id: string): SearchTreatment {
    const texts = this.keptTexts(id);
    if (!texts) throw new StaleTexts(`the search texts kept of ${id} are missing or another build's`);
    return texts;
  }

  private keptTexts(id: string): SearchTreatment | undefined {
    const at = this.keptAt.get(id);
    if (at === undefined || !this.kept) return undefined;
    const n = Math.floor(at / textChunk);
    if (!this.read.has(n)) {
      let file: TextFile | undefined;
      try {
        file = deserialize(readFileSync(textFile(this.folder, n))) as TextFile;
      } catch {
        file = undefined;
      }
      const good = file?.tag === this.kept.tags[n] && file.treatments.length === this.idsOf(this.kept.order, n).length;
      this.read.set(n, good);
      if (good && file)
        this.idsOf(this.kept.order, n).forEach((kept, i) => {
          this.before.set(kept, (file as TextFile).treatments[i]);
        });
    }
    return this.before.get(id);
  }

  private idsOf(order: readonly string[], n: number): string[] {
    return order.slice(n * textChunk, (n + 1) * textChunk);
  }

  /**
   * The files to write for this build, and what `index.v8` is to keep: the files whose
   * treatments or their texts changed (all of them when the order did), the others as they are.
   */
  toWrite(): { files: Map<number, TextFile>; index: KeptTextIndex } {
    const { order, kept } = this;
    const sameOrder =
      kept !== undefined && kept.order.length === order.length && kept.order.every((id, i) => id === order[i]);
    const files = new Map<number, TextFile>();
    const tags: string[] = [];
    const tag = randomUUID();
    for (let n = 0; n * textChunk < order.length; n++) {
      const ids = this.idsOf(order, n);
      const keep =
        sameOrder && kept.tags[n] !== undefined && this.read.get(n) !== false && !ids.some((id) => this.changed(id));
      if (keep) tags.push(kept.tags[n]);
      else {
        files.set(n, { tag, treatments: ids.map((id) => this.get(id)) });
        tags.push(tag);
      }
    }
    const keys = order.map((id) => (this.sources.get(id) as TreatmentSource).key);
    return { files, index: { order, keys, tags } };
  }

  /** Removes the files of texts past the last this build has. */
  removeBeyond(count: number): void {
    for (let n = count; n < (this.kept?.tags.length ?? 0); n++) rmSync(textFile(this.folder, n), { force: true });
  }
}

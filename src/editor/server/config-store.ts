/**
 * The config files the editor may read and write: the .json files of the site folder that name
 * a known schema, addressed by their path from the project root ("site-config/pages/home.json").
 * Nothing outside the site folder can be read or written through the editor, not even through a
 * symbolic link inside it that points elsewhere (see `insideFolder`).
 */
import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { findSyntaxMistake } from "../../validation";
import { collectionPlace } from "../shared/collection-paths";
import { type ConfigFileInfo, compareFiles, describeFile, treatmentCount } from "../shared/config-files";

const collator = new Intl.Collator();

/** sha-256 of a file's text, as hex. */
export function hashText(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** A config file on disk, with its description. */
export interface StoredFile {
  info: ConfigFileInfo;
  absolute: string;
  text: string;
  hash: string;
}

export class ConfigStore {
  /** The folder name shown in paths ("site-config"). */
  readonly prefix: string;

  constructor(readonly siteRoot: string) {
    this.prefix = path.basename(siteRoot);
  }

  /** Descriptions by absolute path, kept while the file's size and time are the same. */
  private readonly described = new Map<string, { stamp: string; info: ConfigFileInfo | undefined }>();

  /**
   * Every editable file, sorted as the sidebar lists them. A collection stored as a folder is one
   * entry, its _collection.json, counting the folder's treatment page files: a collection of
   * 10,000 treatments is not 10,000 entries. Files are read again only when they change.
   */
  async list(): Promise<ConfigFileInfo[]> {
    const pages = new Map<string, number>();
    const relatives = await this.jsonFiles(pages);
    const shown: string[] = [];
    for (const relative of relatives) {
      const file = `${this.prefix}/${relative}`;
      const place = collectionPlace(file);
      if (place?.slug) pages.set(place.collection, (pages.get(place.collection) ?? 0) + 1);
      else shown.push(file);
    }
    const infos = await Promise.all(shown.map((file) => this.describe(file)));
    return infos
      .filter((info): info is ConfigFileInfo => info !== undefined)
      .map((info) => {
        if (info.collection?.storage !== "folder") return info;
        const count = pages.get(info.path) ?? 0;
        return { ...info, detail: treatmentCount(count), collection: { storage: "folder" as const, count } };
      })
      .sort(compareFiles);
  }

  private async describe(file: string): Promise<ConfigFileInfo | undefined> {
    const absolute = this.resolve(file);
    if (!absolute) return undefined;
    const stats = await stat(absolute).catch(() => undefined);
    if (!stats) return undefined;
    const stamp = `${stats.size}:${stats.mtimeMs}`;
    const kept = this.described.get(absolute);
    if (kept?.stamp === stamp) return kept.info;
    const info = (await this.read(file).catch(() => undefined))?.info ?? (await this.brokenInfo(file, absolute));
    this.described.set(absolute, { stamp, info });
    return info;
  }

  /**
   * A file JSON.parse refuses, listed rather than left out: its name, and the validator's words for
   * the mistake with its line and column, so it can be opened as text and mended.
   */
  private async brokenInfo(file: string, absolute: string): Promise<ConfigFileInfo | undefined> {
    const text = await readFile(absolute, "utf8").catch(() => undefined);
    const mistake = text === undefined ? undefined : findSyntaxMistake(text);
    if (!mistake) return undefined;
    return {
      path: file,
      schema: "",
      kind: "other",
      group: "More",
      label: file.slice(this.prefix.length + 1),
      detail: `Not valid JSON (line ${mistake.line})`,
      broken: mistake,
    };
  }

  /** A file's text as it is on disk, valid JSON or not (mending a broken file). */
  async readText(file: string): Promise<{ absolute: string; text: string; hash: string }> {
    const absolute = this.resolve(file);
    if (!absolute) throw new NotEditable(`'${file}' is not a config file of this site.`);
    const text = await readFile(absolute, "utf8");
    return { absolute, text, hash: hashText(text) };
  }

  /** The absolute path of an editor path, or undefined when it is not a .json file inside the site folder. */
  resolve(file: unknown): string | undefined {
    if (typeof file !== "string" || !file.startsWith(`${this.prefix}/`) || !file.endsWith(".json")) return undefined;
    const relative = file.slice(this.prefix.length + 1);
    if (relative.split("/").some((part) => part === "" || part === "." || part === ".." || part.startsWith(".")))
      return undefined;
    const absolute = path.resolve(this.siteRoot, relative);
    return absolute.startsWith(this.siteRoot + path.sep) && insideFolder(this.siteRoot, absolute)
      ? absolute
      : undefined;
  }

  /** Reads a file; rejects when the path is not editable, the file is missing or names no known schema. */
  async read(file: string): Promise<StoredFile> {
    const absolute = this.resolve(file);
    if (!absolute) throw new NotEditable(`'${file}' is not a config file of this site.`);
    const text = await readFile(absolute, "utf8");
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new NotEditable(
        `'${file}' is not valid JSON (${(error as Error).message}). Fix it in a text editor first.`,
      );
    }
    const info = describeFile(file, data);
    if (!info)
      throw new NotEditable(`'${file}' has no "$schema" naming one of schemas/, so the editor cannot show it.`);
    return { info, absolute, text, hash: hashText(text) };
  }

  /**
   * The .json files under the site folder (paths from it), but a collection folder's treatment page
   * files, which are only counted into `pages` (by the collection's editor path): 10,000 of them
   * are not sorted and named on every list.
   */
  private async jsonFiles(pages: Map<string, number>, folder = this.siteRoot, prefix = ""): Promise<string[]> {
    const entries = await readdir(folder, { withFileTypes: true });
    const settings = collectionPlace(`${this.prefix}/${prefix}_collection.json`);
    if (settings?.storage === "folder") {
      const json = entries.filter((e) => !e.name.startsWith(".") && e.isFile() && e.name.endsWith(".json"));
      const own = json.filter(
        (e) => e.name !== "_collection.json" && collectionPlace(`${this.prefix}/${prefix}${e.name}`)?.slug,
      );
      if (own.length === json.length - 1 && entries.every((e) => !e.isDirectory() || e.name.startsWith("."))) {
        pages.set(settings.collection, own.length);
        return [`${prefix}_collection.json`];
      }
    }
    const found: string[] = [];
    // One collator, not localeCompare per comparison (the same order).
    for (const entry of entries.sort((a, b) => collator.compare(a.name, b.name))) {
      if (entry.name.startsWith(".")) continue;
      if (entry.isDirectory())
        found.push(...(await this.jsonFiles(pages, path.join(folder, entry.name), `${prefix}${entry.name}/`)));
      else if (entry.isFile() && entry.name.endsWith(".json")) found.push(prefix + entry.name);
    }
    return found;
  }
}

/**
 * Whether `absolute` (a path under `folder`) stays inside `folder` once symbolic links are followed:
 * the real path of the file, or of its nearest existing folder when it is still to be written, is
 * inside the folder's own real path. A link inside site-config/ to /etc/passwd or to a file of the
 * project is then outside, for reading and for writing alike.
 */
export function insideFolder(folder: string, absolute: string): boolean {
  const real = (p: string) => {
    try {
      // The C library's realpath: the file list resolves hundreds of paths per request, and the
      // JavaScript one stats each part of each path on the server's thread.
      return realpathSync.native(p);
    } catch {
      return undefined;
    }
  };
  const root = real(folder);
  if (!root) return false;
  let existing = absolute;
  let rest = "";
  let found = real(existing);
  while (found === undefined && existing !== path.dirname(existing)) {
    rest = path.join(path.basename(existing), rest);
    existing = path.dirname(existing);
    found = real(existing);
  }
  if (found === undefined) return false;
  const target = path.join(found, rest);
  return target.startsWith(root + path.sep);
}

/** A path the editor refuses to open: outside the site folder, not JSON, or of no known kind. */
export class NotEditable extends Error {}

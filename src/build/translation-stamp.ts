/**
 * `npm run translations -- stamp [file ...]`: records in translation files which English text each
 * translation was made from (`sources`, src/shared/i18n/review.ts) and writes each file's `status`
 * from its texts.
 *
 * - With no file: every translation under site-config/i18n/, and only texts that record no source
 *   yet get the hash of today's English (the migration of files written before texts were
 *   reviewed one by one; a stale text stays stale). A file that said "status": "reviewed" and has
 *   no "reviewed" list keeps that verdict: every text it translates is listed reviewed.
 * - With files: a translator updated them by hand against today's English, so every text of
 *   those files records today's English (a stale one is no longer stale). Marks of review stay.
 *
 * Files are written as the repository writes JSON (two spaces, a newline at the end), with the
 * new fields after "strings".
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { derivedStatus, reviewedKeys, sourceHash, sourceOf, translatedKeys } from "../shared/i18n/review";
import { documentTexts } from "../shared/i18n/texts";
import { listJsonFiles, translationTarget } from "../validation";

type Json = Record<string, unknown>;

/** What stamping one file did. */
export interface Stamped {
  file: string;
  /** Texts that got a source now. */
  recorded: number;
  changed: boolean;
}

/** Stamps one translation file (`siteRoot` is site-config/); `all`: record today's English for every text. */
export function stampFile(siteRoot: string, file: string, all: boolean): Stamped {
  const target = translationTarget(siteRoot, file);
  if (!target) throw new Error(`${file} is not under ${path.join(siteRoot, "i18n")}/{language}/.`);
  const before = readFileSync(file, "utf8");
  const doc = JSON.parse(before) as Json;
  const english = JSON.parse(readFileSync(target.english, "utf8")) as unknown;
  const texts = new Map(documentTexts(english).map((t) => [t.key, t.value]));
  const keys = translatedKeys(doc).filter((k) => texts.has(k));
  const sources: Record<string, string> = {};
  let recorded = 0;
  for (const key of keys) {
    const kept = sourceOf(doc, key);
    if (kept !== undefined && !all) sources[key] = kept;
    else {
      sources[key] = sourceHash(texts.get(key) as string);
      if (sources[key] !== kept) recorded++;
    }
  }
  const marked = doc.reviewed === undefined && doc.status === "reviewed" ? new Set(keys) : reviewedKeys(doc);
  const reviewed = keys.filter((k) => marked.has(k));
  const { $schema, status: _status, note, strings, sources: _sources, reviewed: _reviewed, ...rest } = doc;
  const status = derivedStatus({ strings: doc.strings as Json, reviewed });
  const stamped = { $schema, status, ...(note === undefined ? {} : { note }), strings, ...rest, sources, reviewed };
  const after = `${JSON.stringify(stamped, null, 2)}\n`;
  if (after !== before) writeFileSync(file, after);
  return { file, recorded, changed: after !== before };
}

const usage = `Usage: npm run translations -- stamp [file ...]
  stamp             record today's English for every translated text that records none yet
                    (every file under site-config/i18n/), and write each file's status
  stamp file ...    record today's English for every text of these translation files, after
                    updating them by hand
`;

/** The command line; returns the exit code. */
export function main(argv: string[], siteRoot = path.resolve("site-config")): number {
  const [command, ...files] = argv;
  if (command !== "stamp") {
    process.stderr.write(usage);
    return 2;
  }
  try {
    const targets = files.length > 0 ? files.map((f) => path.resolve(f)) : listJsonFiles(path.join(siteRoot, "i18n"));
    const done = targets.map((file) => stampFile(siteRoot, file, files.length > 0));
    const changed = done.filter((d) => d.changed).length;
    const recorded = done.reduce((n, d) => n + d.recorded, 0);
    console.log(
      `Stamped ${changed} of ${targets.length} translation files: ${recorded} texts now record the English they were made from.`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`translations: ${(error as Error).message}\n`);
    return 1;
  }
}

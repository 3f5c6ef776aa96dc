/**
 * Saves other than a file's content through its form (site-api.ts): a file's text as typed, to
 * mend a file that is not valid JSON, and a treatment page file of a collection folder saved
 * under its new slug (a file of a new name, the old one removed). Both pass the same checks as
 * any save and tell `written` what they wrote.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { findSyntaxMistake } from "../../validation";
import type { RawFileResponse, RawSaveRequest, SaveRequest } from "../shared/api";
import { describeFile } from "../shared/config-files";
import { printJson } from "../shared/json-format";
import { writeFileAtomic } from "./atomic-write";
import type { Checker } from "./check";
import { type ConfigStore, hashText, type StoredFile } from "./config-store";
import { HttpError } from "./http-error";
import { type OnWritten, refused, type SaveAnswer } from "./save-answer";
import { stampTranslation } from "./translation-save";
import { isTranslation } from "./translations";

/**
 * What these saves need of the site's API (site-api.ts's SiteApi, which calls them for a
 * treatment moved to a new slug): named here so this file does not import it back.
 */
export interface SavingSite {
  readonly store: ConfigStore;
  readonly check: Checker;
  readonly options: { flushWrites?: boolean };
  serialised<T>(file: string, task: () => Promise<T>): Promise<T>;
  wrote(absolute: string): void;
}

/** A file's text as it is, for mending a file that is not valid JSON (its mistake, when it has one). */
export async function rawFile(site: SavingSite, file: string): Promise<RawFileResponse> {
  const { text, hash } = await site.store.readText(file);
  return { path: file, text, hash, mistake: findSyntaxMistake(text) };
}

/**
 * Saves a file's text as typed: it must be valid JSON naming one of the site's schemas, and it
 * then passes the same checks as any save (a broken file's mending is refused like any mistake).
 */
export function saveRaw(site: SavingSite, body: RawSaveRequest, written?: OnWritten): Promise<SaveAnswer> {
  return site.serialised(String(body?.path), async () => {
    if (!body || typeof body.path !== "string" || typeof body.text !== "string")
      throw new HttpError(400, "The request names no file ('path') or no text ('text').");
    const stored = await site.store.readText(body.path);
    if (stored.hash !== body.baseHash)
      return [
        409,
        {
          message: `${body.path} was changed after you opened it. Nothing was saved. Reload it, then make your change again.`,
          hash: stored.hash,
        },
      ];
    if (body.text === stored.text) return [200, { text: stored.text, hash: stored.hash, warnings: [] }];
    const mistake = findSyntaxMistake(body.text);
    if (mistake)
      throw new HttpError(400, `Not saved: line ${mistake.line}, column ${mistake.column}: ${mistake.message}`);
    if (!describeFile(body.path, JSON.parse(body.text)))
      throw new HttpError(
        400,
        `Not saved: the text has no "$schema" naming one of schemas/ (as the file's first line, such as "$schema": "../schemas/page.schema.json").`,
      );
    const text = isTranslation(site.store, body.path)
      ? printJson(await stampTranslation(site.store, body.path, stored.text, JSON.parse(body.text)), body.text)
      : body.text;
    const result = await site.check(stored.absolute, text);
    if (result.errors.length > 0) return refused(result);
    await writeFileAtomic(stored.absolute, text, { flush: site.options.flushWrites });
    await result.adopt?.();
    site.wrote(stored.absolute);
    await written?.([{ path: body.path, before: undefined, after: text }]);
    return [200, { text, hash: hashText(text), warnings: result.warnings }];
  });
}

/** A treatment page file saved under its new slug: the new file written, then the old one removed. */
export async function moveTreatment(
  site: SavingSite,
  body: SaveRequest,
  stored: StoredFile,
  text: string,
  target: string,
  written?: OnWritten,
): Promise<SaveAnswer> {
  if (stored.hash !== body.baseHash)
    return [
      409,
      {
        message: `${stored.info.path} was changed on disk after you opened it. Nothing was saved. Reload it, then make your change again.`,
        hash: stored.hash,
      },
    ];
  const absolute = site.store.resolve(target) as string;
  if (
    await site.store.read(target).then(
      () => true,
      () => false,
    )
  ) {
    const slug = path.basename(target, ".json");
    return [
      400,
      {
        message: `Not saved: another treatment page already has the slug '${slug}'. Choose another one.`,
        errors: [],
        warnings: [],
      },
    ];
  }
  const result = await site.check(absolute, text, stored.absolute);
  if (result.errors.length > 0) return refused(result);
  await writeFileAtomic(absolute, text, { flush: site.options.flushWrites });
  await rm(stored.absolute);
  await result.adopt?.();
  site.wrote(absolute);
  site.wrote(stored.absolute);
  await written?.([
    { path: target, before: undefined, after: text },
    { path: stored.info.path, before: stored.text, after: undefined },
  ]);
  return [200, { text, hash: hashText(text), warnings: result.warnings, path: target }];
}

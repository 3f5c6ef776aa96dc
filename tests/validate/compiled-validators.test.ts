import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setCompiledStore, validateDocument, validatorFor } from "../../src/validation/ajv";
import { characterCount, compiledValidators } from "../../src/validation/compiled-validators";

describe("compiled validators kept between runs", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "validators-"));
  afterAll(() => {
    setCompiledStore(undefined);
    rmSync(dir, { recursive: true, force: true });
  });
  // A page with a misspelt property, a block of no known type and a route that is not a string.
  const broken = { $schema: "../../schemas/page.schema.json", route: 7, titel: "Home", blocks: [{ type: "nope" }] };

  it("loads a validator written by an earlier run, which finds the same errors on the same schema objects", () => {
    setCompiledStore(compiledValidators(dir));
    const compiled = validateDocument("page.schema.json", broken);
    expect(compiled.valid).toBe(false);
    const compiledFunction = validatorFor("page.schema.json");
    const kept = readdirSync(dir, { recursive: true }).map(String);
    expect(kept.some((f) => f.endsWith("page.schema.json.cjs"))).toBe(true);

    // The next run: a store of the same folder gives the validator without compiling it.
    const store = compiledValidators(dir);
    const loaded = store.load("page.schema.json");
    expect(loaded).toBeInstanceOf(Function);
    setCompiledStore(store);
    expect(validatorFor("page.schema.json")).not.toBe(compiledFunction);
    const again = validateDocument("page.schema.json", broken);
    expect(again.errors.map(({ schema, parentSchema, ...rest }) => rest)).toEqual(
      compiled.errors.map(({ schema, parentSchema, ...rest }) => rest),
    );
    // The very objects of schemas/, as the error messages' hints look them up.
    again.errors.forEach((error, i) => {
      expect(error.parentSchema).toBe(compiled.errors[i].parentSchema);
      expect(error.schema).toStrictEqual(compiled.errors[i].schema);
    });
    expect(again.refs).toEqual(compiled.refs);
  });

  it("compiles again when a kept file cannot be run", () => {
    const store = compiledValidators(path.join(dir, "none"));
    expect(store.load("page.schema.json")).toBeUndefined();
    expect(existsSync(path.join(dir, "none"))).toBe(false);
  });
});

describe("the character count kept validators check minLength and maxLength with", () => {
  it("counts as ajv's ucs2length does: a surrogate pair once, a lone surrogate once, anything else by its length", () => {
    const require = createRequire(import.meta.url);
    const ucs2length = require("ajv/dist/runtime/ucs2length").default as (text: string) => number;
    const texts = [
      "",
      "Angiography",
      "తెలుగు హృదయం",
      "हिन्दी",
      "a😀b",
      "😀😀",
      "\ud800x",
      "x\udc00",
      "ab\ud83d",
      "\udc00\ud800",
    ];
    for (const text of texts) expect([text, characterCount(text)]).toEqual([text, ucs2length(text)]);
    expect(characterCount("a😀b")).toBe(3);
  });
});

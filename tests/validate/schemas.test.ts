import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { schemaFiles } from "../../src/shared/generated/schema-index";
import { knownSchemas, validatorFor } from "../../src/validation/ajv";

describe("the schemas", () => {
  it("are valid JSON Schema 2020-12 (the project's ajv skips this check at start-up)", () => {
    const meta = new Ajv2020({ strict: false, validateSchema: true });
    meta.addKeyword("x-ref");
    meta.addKeyword("x-html");
    for (const [file, schema] of Object.entries(schemaFiles)) {
      const valid = meta.validateSchema(schema as object);
      expect(valid, `${file}: ${JSON.stringify(meta.errors)}`).toBe(true);
    }
  });

  it("each compile in strict mode", () => {
    for (const file of knownSchemas) expect(() => validatorFor(file), file).not.toThrow();
  });
});

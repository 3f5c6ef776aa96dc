/**
 * The recipe README.md gives for a new block type, followed in a copy of the project: one schema
 * file, one folder, one registry line, then `npm run gen:types`; and the compiler's answer when
 * the registry line is left out.
 *
 * Slower than the other unit tests (25-40 s alone on two cores, about a minute inside a busy
 * `npm test`): it type-checks the whole copy twice, because only the real compiler on the real
 * project shows that nothing else has to list a block. The second check is incremental, from the
 * first one's build info; the time limits leave room for a machine shared with other work.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/** The throwaway block: a line of text in a box. */
const type = "test-callout";

const schema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: `https://schemas.hospital-site.local/blocks/${type}.schema.json`,
  title: "Test callout",
  description: "A line of text in a box.",
  type: "object",
  additionalProperties: false,
  required: ["type", "text"],
  properties: {
    type: { title: "Block type", description: `Always '${type}'.`, const: type },
    text: { title: "Text", description: "What the box says.", type: "string", minLength: 1 },
  },
};

const component = `import type { BlockProps } from "../types";

/** A line of text in a box. */
export function TestCallout({ block }: BlockProps<"${type}">) {
  return <p className="test-callout">{block.text}</p>;
}
`;

const registryLine = `  "${type}": () => import("./${type}").then((module) => module.TestCallout),\n`;

let copy: string;
let registryWithout: string;
/** `gen:types --check` right after the schema file was added. */
let staleCheck: { code: number; output: string };

/** Runs a tool of node_modules/.bin in the copy; its exit code and output, never a throw. */
async function tool(name: string, ...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(path.join(copy, "node_modules/.bin", name), args, { cwd: copy });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

// Incremental, so the second check in a test run re-checks only what changed since the first.
const typecheck = () => tool("tsc", "--noEmit", "-p", ".", "--incremental", "--tsBuildInfoFile", ".tsbuildinfo");

const registryFile = () => path.join(copy, "src/site/blocks/registry.ts");

beforeAll(async () => {
  // What gen:types and tsc read; node_modules is linked, not copied.
  copy = await mkdtemp(path.join(tmpdir(), "block-recipe-"));
  for (const entry of ["package.json", "tsconfig.json", "schemas", "src", "site-config", "scripts/gen-types.ts"]) {
    await cp(path.join(repoRoot, entry), path.join(copy, entry), { recursive: true });
  }
  await symlink(path.join(repoRoot, "node_modules"), path.join(copy, "node_modules"), "dir");

  // Step 1: one schema file, then gen:types.
  await writeFile(path.join(copy, `schemas/blocks/${type}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
  staleCheck = await tool("tsx", "scripts/gen-types.ts", "--check");
  const generated = await tool("tsx", "scripts/gen-types.ts");
  expect(generated.code, generated.output).toBe(0);
  // Step 2: one folder.
  await mkdir(path.join(copy, `src/site/blocks/${type}`));
  await writeFile(path.join(copy, `src/site/blocks/${type}/index.tsx`), component);
  registryWithout = await readFile(registryFile(), "utf8");
}, 120_000);

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe("adding a block type", () => {
  it("leaves the block union stale, and gen:types --check says so, until gen:types runs", () => {
    expect(staleCheck.code).toBe(1);
    expect(staleCheck.output).toContain(
      "Generated files are out of date with schemas/:\n  schemas/blocks/block.schema.json\n",
    );
  });

  it("lists the new schema file in the block union that gen:types writes", async () => {
    const union = JSON.parse(await readFile(path.join(copy, "schemas/blocks/block.schema.json"), "utf8"));
    expect(union.properties.type.enum).toContain(type);
    expect(union.oneOf).toContainEqual({ $ref: `${type}.schema.json` });
  });

  it("is refused by the compiler, naming the type, while the registry line is missing", async () => {
    await writeFile(registryFile(), registryWithout);
    const { code, output } = await typecheck();
    expect(code).not.toBe(0);
    const errors = output.split("\n").filter((line) => line.includes("error TS"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(
        `^src/site/blocks/registry\\.ts\\(\\d+,\\d+\\): error TS2741: Property '"${type}"' is missing in type '.*' but required in type 'BlockRegistry'\\.$`,
      ),
    );
  }, 150_000);

  it("needs one schema file, one folder and one registry line", async () => {
    // Step 3: one registry line.
    await writeFile(registryFile(), registryWithout.replace(/^};$/m, `${registryLine}};`));
    const { code, output } = await typecheck();
    expect(output).toBe("");
    expect(code).toBe(0);
  }, 150_000);
});

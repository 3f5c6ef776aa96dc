/**
 * The CRM keys live only in the relay's environment. This builds the site with recognisable fake
 * keys in the environment (under their own names and with Vite's VITE_ prefix, the way someone
 * might try to "pass them to the client") and fails if any file the browser can fetch holds them.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers/relay";

const root = path.resolve(import.meta.dirname, "../..");
const secrets = {
  LEADSQUARED_ACCESS_KEY: "u-fake-access-key-XYZ",
  LEADSQUARED_SECRET_KEY: "fake-secret-key-XYZ-7f3a9c",
  LEADSQUARED_BASE_URL: "https://fake-crm-host-XYZ.example/v2",
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const out = tempDir("build-secrets-");
afterAll(() => out.cleanup());

describe("the built site", () => {
  it("holds no CRM key, host or endpoint in any file", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
    for (const [name, value] of Object.entries(secrets)) {
      env[name] = value;
      env[`VITE_${name}`] = value;
    }
    const outDir = path.join(out.dir, "dist");
    const vite = path.join(root, "node_modules", "vite", "bin", "vite.js");
    await promisify(execFile)(process.execPath, [vite, "build", "--outDir", outDir, "--emptyOutDir"], {
      cwd: root,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    const files = filesUnder(outDir);
    expect(files.some((f) => f.endsWith(".js"))).toBe(true);
    const needles = [...Object.values(secrets), "fake-crm-host-XYZ", "LeadManagement.svc", "Lead.Capture"];
    const found: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const needle of needles) {
        if (bytes.includes(needle)) found.push(`${path.relative(outDir, file)} contains ${needle}`);
      }
    }
    expect(found).toEqual([]);
  }, 180_000);
});

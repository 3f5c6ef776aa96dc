/**
 * `npm run dev` checks site-config/ as it changes: on every change of a config file the validator
 * (the same checks as `npm run validate`) runs in Vite's process, and its errors, with file, line
 * and what to do, show in Vite's overlay in the browser and in the terminal, instead of Vite's
 * raw JSON error ("position 70") or a page that renders with a gap. While the config has errors
 * the page keeps showing the last valid config: every config module is served from a snapshot of
 * the files taken at the last valid check, and no update is sent. Once the config is valid again
 * the page reloads with it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import type * as Validation from "../../validation";
import type { Problem } from "../../validation";

export interface ConfigCheck {
  plugin: Plugin;
  /** A config file's text as the page should see it: the last valid one while the config has errors. */
  read: (file: string) => Promise<string>;
}

/** The overlay's payload (Vite's ErrorPayload["err"]). */
interface OverlayError {
  message: string;
  stack: string;
  id?: string;
  frame?: string;
  plugin?: string;
  loc?: { file: string; line: number; column: number };
}

const shownErrors = 6;

/** `root` is the project (schemas/, public/); `siteRoot` the site folder, site-config/ unless a test gives a copy. */
export function configCheckPlugin(root: string, siteRoot = path.join(root, "site-config")): ConfigCheck {
  const inSite = (file: string) => file.startsWith(siteRoot + path.sep) && file.endsWith(".json");
  let snapshot: Map<string, string> | undefined;
  let failing: { error: OverlayError; problems: Problem[] } | undefined;
  let server: ViteDevServer | undefined;
  let validation: typeof Validation | undefined;

  function check() {
    if (!validation) return;
    const report = validation.validateSite({
      siteRoot,
      schemasDir: path.join(root, "schemas"),
      publicDir: path.join(root, "public"),
      shownFrom: path.dirname(siteRoot),
    });
    const errors = report.problems.filter((p) => p.severity === "error");
    if (errors.length === 0) {
      snapshot = new Map(listJson(siteRoot).map((file) => [file, readFileSync(file, "utf8")]));
      failing = undefined;
      return;
    }
    failing = {
      error: overlayError(validation.formatHuman, path.dirname(siteRoot), errors, report.followOns),
      problems: errors,
    };
  }

  async function read(file: string): Promise<string> {
    const kept = failing ? snapshot?.get(file) : undefined;
    if (kept !== undefined) return kept;
    const text = readFileSync(file, "utf8");
    // No valid version to show (the config had errors from the start): say why, in our words.
    if (failing) {
      try {
        JSON.parse(text);
      } catch {
        throw Object.assign(new Error(failing.error.message), failing.error);
      }
    }
    return text;
  }

  const report = () => {
    if (!failing || !server) return;
    server.config.logger.error(`\n${failing.error.message}`, { timestamp: true });
    server.ws.send({ type: "error", err: failing.error });
  };

  const plugin: Plugin = {
    name: "site-config-check",
    apply: "serve",
    enforce: "pre",
    async configureServer(dev) {
      server = dev;
      // The validator is loaded here, through Vite, not imported at the top of this file: vite.config.ts
      // then stays small (Vite bundles what it imports each time it loads), and a build never loads it.
      validation = (await dev.ssrLoadModule(path.join(root, "src/validation/index.ts"))) as typeof Validation;
      check();
      // A page opened while the config has errors shows them at once.
      dev.ws.on("connection", () => {
        if (failing) dev.ws.send({ type: "error", err: failing.error });
      });
      if (failing) report();
    },
    async load(id) {
      const file = id.split("?")[0];
      if (!inSite(file) || id.includes("?") || !failing) return null;
      return read(file);
    },
    hotUpdate(options) {
      if (this.environment.name !== "client" || !inSite(options.file)) return;
      const before = failing;
      check();
      if (failing) {
        report();
        // The page keeps showing the last valid config: nothing to update.
        return [];
      }
      if (before) {
        options.server.config.logger.info("site-config is valid again: the page now shows your latest change.", {
          timestamp: true,
        });
        const graph = this.environment.moduleGraph;
        for (const file of snapshot?.keys() ?? [])
          for (const module of graph.getModulesByFile(file) ?? []) graph.invalidateModule(module);
        options.server.ws.send({ type: "full-reload" });
        return [];
      }
      return undefined;
    },
  };
  return { plugin, read };
}

function listJson(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".json"))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The overlay's message: the validator's words for the first errors, the first one's place and lines. */
function overlayError(
  formatHuman: typeof Validation.formatHuman,
  root: string,
  errors: Problem[],
  followOns: number,
): OverlayError {
  const shown = errors.slice(0, shownErrors);
  const text = formatHuman({
    files: 0,
    checked: 0,
    problems: shown,
    errors: shown.length,
    warnings: 0,
    followOns,
    publish: false,
    addressed: [],
    linked: false,
  })
    .split("\n")
    .slice(0, -2) // the summary line counts only the errors shown
    .join("\n")
    .trimEnd();
  const more =
    errors.length > shownErrors
      ? `\n\n…and ${errors.length - shownErrors} more (npm run validate lists every one).`
      : "";
  const [first] = errors;
  const file = path.join(root, first.file);
  return {
    message: `site-config has ${errors.length === 1 ? "an error" : `${errors.length} errors`}; the page shows the last valid config until ${errors.length === 1 ? "it is" : "they are"} fixed.\n\n${text}${more}`,
    stack: "",
    id: file,
    plugin: "site-config check",
    loc: { file, line: first.line, column: first.column },
    frame: codeFrame(file, first.line, first.column),
  };
}

/** Two lines either side of the place, with a caret under it. */
function codeFrame(file: string, line: number, column: number): string | undefined {
  let lines: string[];
  try {
    lines = readFileSync(file, "utf8").split("\n");
  } catch {
    return undefined;
  }
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 2);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? ">" : " "} ${String(n).padStart(width)} | ${lines[n - 1]}`);
    if (n === line) out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, column - 1))}^`);
  }
  return out.join("\n");
}

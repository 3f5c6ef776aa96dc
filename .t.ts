import { readFileSync } from "node:fs";
import { checkHtml } from "./src/shared/html/html";
import { installJsdom } from "./src/shared/html/node-dom";

installJsdom();
const { vectors } = JSON.parse(readFileSync("tests/fixtures/xss-vectors.json", "utf8"));
for (const v of vectors) {
  const r = checkHtml(v.html);
  console.log(v.id.padEnd(12), r.problems.join(" | ") || "ACCEPTED");
}

import path from "node:path";
import { chromium } from "playwright-core";
const { startServer } = await import("/work/wt/lh28/src/relay/app.ts");
const [route, runs, distArg] = process.argv.slice(2);
const server = await startServer({ port: 0, distDir: path.resolve(distArg ?? "/work/wt/lh28/dist"), log: () => {} });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox"] });
const totals = new Map<string, number>();
for (let i = 0; i < Number(runs); i++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  await page.goto(server.url + route, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  const { profile } = await cdp.send("Profiler.stop");
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const dt = profile.timeDeltas; const self = new Map<number, number>();
  profile.samples.forEach((id: number, k: number) => self.set(id, (self.get(id) ?? 0) + (dt[k] ?? 0)));
  for (const [id, us] of self) {
    const n: any = byId.get(id); const f = n.callFrame;
    const key = `${f.functionName || "(anon)"} ${f.url.split("/").pop()}:${f.lineNumber}:${f.columnNumber}`;
    if (/\(idle\)|\(program\)/.test(key)) continue;
    totals.set(key, (totals.get(key) ?? 0) + us / 1000 / Number(runs));
  }
  await context.close();
}
const sorted = [...totals].sort((a, b) => b[1] - a[1]);
console.log("total", sorted.reduce((s, x) => s + x[1], 0).toFixed(1));
for (const [k, v] of sorted.slice(0, 25)) console.log(v.toFixed(1).padStart(7), k);
await browser.close(); await server.close();

/**
 * Issue 17: how the relay starts. A production start names the site's origin or refuses, saying
 * why; `npm start` on this machine needs nothing; a relay others can reach without TRUST_PROXY
 * says what that costs behind a proxy. The relay runs as its own process (src/relay/main.ts).
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appointmentBody, pageToken, postLead, tempDir, writeFakeDist } from "../helpers/relay";
import { freePort, type RelayProcess, spawnRelay } from "../helpers/relay-process";

const processes: RelayProcess[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const p of processes.splice(0)) await p.stop();
  for (const c of cleanups.splice(0)) c();
});

function outbox() {
  const { dir, cleanup } = tempDir();
  cleanups.push(cleanup);
  return { PORT: "0", LEADS_DB: path.join(dir, "leads.db"), DIST_DIR: writeFakeDist(dir) };
}

describe("relay start", () => {
  it("refuses a production start without SITE_ORIGIN, naming it with an example", async () => {
    await expect(spawnRelay({ ...outbox(), SITE_ORIGIN: "" })).rejects.toThrow(
      "Cannot start: SITE_ORIGIN: set it to the site's public origin, such as SITE_ORIGIN=https://www.hospitals.example. This is a production start (NODE_ENV is production)",
    );
    await expect(spawnRelay({ ...outbox(), NODE_ENV: "", HOST: "0.0.0.0", SITE_ORIGIN: "" })).rejects.toThrow(
      "This is a production start (HOST=0.0.0.0 takes connections from other machines)",
    );
  });

  it("starts as npm start does, with no settings at all, and takes leads from its own pages", async () => {
    const relay = await spawnRelay({ ...outbox(), NODE_ENV: "", SITE_ORIGIN: "" });
    processes.push(relay);
    expect(new URL(relay.url).hostname).toBe("127.0.0.1");
    expect(relay.output()).not.toContain("TRUST_PROXY");
    const token = await pageToken(relay.url);
    expect((await postLead(relay.url, appointmentBody(), { token })).status).toBe(202);
  });

  it("warns when it listens for other machines without TRUST_PROXY, and not with it", async () => {
    const port = String(await freePort());
    const env = { ...outbox(), PORT: port, HOST: "0.0.0.0", SITE_ORIGIN: `http://127.0.0.1:${port}` };
    const alone = await spawnRelay(env);
    processes.push(alone);
    expect(alone.output()).toContain(
      "Listening on 0.0.0.0 without TRUST_PROXY. If a reverse proxy or load balancer is in front of the relay, set TRUST_PROXY=1",
    );
    await processes.pop()?.stop();
    const proxied = await spawnRelay({ ...env, TRUST_PROXY: "1" });
    processes.push(proxied);
    expect(proxied.output()).not.toContain("without TRUST_PROXY");
  });
});

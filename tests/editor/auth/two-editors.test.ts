/**
 * Two editor instances behind a balancer share PostgreSQL (DATABASE_URL): a session begun on one
 * is honoured and ended on the other, and failed sign-ins count across both.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresCluster, startPostgres } from "../../helpers/postgres";
import { type AuthServer, Browser, startAuthServer } from "./auth-server";

let cluster: PostgresCluster;
let first: AuthServer;
let second: AuthServer;
const password = "correct horse battery staple";

beforeAll(async () => {
  cluster = await startPostgres();
  first = await startAuthServer({ databaseUrl: cluster.url });
  second = await startAuthServer({ databaseUrl: cluster.url });
  await first.addPerson("asha@hospital.example", ["editor"], password);
  await first.addPerson("ben@hospital.example", ["editor"], password);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await cluster?.destroy();
});

/** The same browser, as the balancer sends it to the other instance. */
function onSecond(browser: Browser): Browser {
  const other = new Browser(second.origin);
  for (const [name, value] of browser.cookies) other.cookies.set(name, value);
  return other;
}

describe("two editors on one PostgreSQL database", () => {
  it("share sessions, and sign-out everywhere on one ends them on both", async () => {
    const laptop = new Browser(first.origin);
    await laptop.signIn("asha@hospital.example", password);
    const viaSecond = onSecond(laptop);
    expect((await viaSecond.request("/editor/api/things")).status).toBe(200);
    const out = await viaSecond.request("/editor/api/sign-out-everywhere", {
      method: "POST",
      csrf: await viaSecond.csrf(),
    });
    expect(await out.json()).toEqual({ signedOut: true, sessions: 1 });
    expect((await laptop.request("/editor/api/things")).status).toBe(403);
  });

  it("count failed sign-ins across both, so spreading guesses does not avoid the lock", async () => {
    const guesser = new Browser(first.origin);
    for (let i = 0; i < 3; i++) await guesser.signIn("ben@hospital.example", `guess ${i}`);
    const other = new Browser(second.origin);
    await other.signIn("ben@hospital.example", "guess 3");
    const fifth = await other.signIn("ben@hospital.example", "guess 4");
    expect(await fifth.text()).toContain("This account is locked for 15 minutes after too many failed sign-ins.");
    expect((await guesser.signIn("ben@hospital.example", password)).status).toBe(429);
  });
});

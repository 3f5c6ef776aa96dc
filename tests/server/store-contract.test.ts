/**
 * One suite, both outboxes: what the relay, the delivery worker and `npm run leads` rely on, held
 * against the SQLite file and against PostgreSQL (a throwaway cluster, tests/helpers/postgres.ts).
 * Where PostgreSQL promises more — several relays at once — a second store on the same database
 * plays the second relay.
 */
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MemoryPace } from "../../src/relay/pace";
import { PgPace } from "../../src/relay/pg-pace";
import { PgStore } from "../../src/relay/pg-store";
import { SqliteStore } from "../../src/relay/sqlite-store";
import type { LeadStore, NewLead } from "../../src/relay/store";
import { type PostgresCluster, startPostgres } from "../helpers/postgres";
import { tempDir } from "../helpers/relay";

let cluster: PostgresCluster | undefined;
let databases = 0;
const open: LeadStore[] = [];
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  cluster = await startPostgres();
});
afterAll(async () => {
  await cluster?.destroy();
});
afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
  for (const c of cleanups.splice(0)) c();
});

/** A fresh PostgreSQL database (the migrations run in each), or a fresh SQLite file. */
const kinds = {
  SQLite: async () => {
    const { dir, cleanup } = tempDir("store-contract-");
    cleanups.push(cleanup);
    const file = path.join(dir, "leads.db");
    return { store: new SqliteStore(file), again: undefined };
  },
  PostgreSQL: async () => {
    const name = `contract_${++databases}`;
    const admin = new pg.Client({ connectionString: cluster!.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = cluster!.urlOf(name);
    return { store: await PgStore.open(url), again: () => PgStore.open(url) };
  },
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function lead(n: number, extra: Partial<NewLead> = {}): NewLead {
  return {
    form: "appointment",
    kind: "appointment",
    payload: { fullName: `Patient ${n}`, phoneNumber: `98765${String(n).padStart(5, "0")}` },
    attributes: [
      { Attribute: "FirstName", Value: `Patient ${n}` },
      { Attribute: "Phone", Value: `98765${String(n).padStart(5, "0")}` },
    ],
    fingerprint: `fp-${n}`,
    ...extra,
  };
}

describe.each(Object.keys(kinds) as (keyof typeof kinds)[])("the %s outbox", (kind) => {
  async function setup() {
    const made = await kinds[kind]();
    open.push(made.store);
    const second = async () => {
      if (!made.again) return made.store;
      const store = await made.again();
      open.push(store);
      return store;
    };
    return { store: made.store, second };
  }

  it("keeps an accepted lead pending, oldest first, with its answers", async () => {
    const { store } = await setup();
    const first = await store.accept(lead(1));
    await store.accept(lead(2));
    expect(first.outcome).toBe("created");
    const pending = await store.list("pending");
    expect(pending.map((r) => r.attributes[0].Value)).toEqual(["Patient 2", "Patient 1"]);
    expect(pending[1]).toMatchObject({ status: "pending", attempts: 0, erasedAt: null, form: "appointment" });
    expect(await store.counts()).toEqual({ pending: 2, delivered: 0, dead: 0, withdrawn: 0, held: 0 });
  });

  it("answers a repeated Idempotency-Key with the first lead, and refuses it with other answers", async () => {
    const { store, second } = await setup();
    const other = await second();
    const first = await store.accept(lead(1, { idempotencyKey: "key-0001" }));
    const again = await other.accept(lead(1, { idempotencyKey: "key-0001" }));
    expect(again).toEqual({ outcome: "replayed", id: (first as { id: string }).id });
    expect(await other.accept(lead(2, { idempotencyKey: "key-0001" }))).toEqual({ outcome: "conflict" });
    // Many at once, half of them through the second relay: still one lead.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? store : other).accept(lead(3, { idempotencyKey: "key-0003" }))),
    );
    expect(new Set(results.map((r) => (r as { id: string }).id)).size).toBe(1);
    expect((await store.counts()).pending).toBe(2);
  });

  it("hands each due lead to one claimant at a time, until it is marked or released", async () => {
    const { store, second } = await setup();
    const other = await second();
    for (let i = 0; i < 4; i++) await store.accept(lead(i));
    const claims = await Promise.all([
      store.claim("a", 30_000),
      other.claim("b", 30_000),
      store.claim("a", 30_000),
      other.claim("b", 30_000),
    ]);
    expect(new Set(claims.map((c) => c?.seq)).size).toBe(4);
    expect(await store.claim("a", 30_000)).toBeUndefined();
    // Every lead is claimed: nothing falls due before a lease ends (or ever, on SQLite, where a
    // claim lasts as long as the relay that holds it).
    expect((await store.dueInMs()) ?? Number.POSITIVE_INFINITY).toBeGreaterThan(0);
    await store.release(claims[0]!.seq, "a");
    expect((await other.claim("b", 30_000))?.seq).toBe(claims[0]!.seq);
  });

  it("records delivery, retry with delay, and dead leads that can be re-queued", async () => {
    const { store } = await setup();
    for (let i = 0; i < 3; i++) await store.accept(lead(i));
    const a = (await store.claim("w", 30_000))!;
    const b = (await store.claim("w", 30_000))!;
    const c = (await store.claim("w", 30_000))!;
    await store.markDelivered(a.seq, "crm-1");
    await store.markRetry(b.seq, "w", 60_000, "HTTP 503");
    await store.markDead(c.seq, "w", "MXDuplicateEntryException: duplicate");
    expect(await store.claim("w", 30_000)).toBeUndefined();
    const dueIn = await store.dueInMs();
    expect(dueIn).toBeGreaterThan(50_000);
    const [delivered] = await store.list("delivered");
    expect(delivered).toMatchObject({ crmId: "crm-1", attempts: 1 });
    expect(delivered.deliveredAt).not.toBeNull();
    expect((await store.list("pending"))[0]).toMatchObject({ attempts: 1, lastError: "HTTP 503" });
    expect(await store.pullForward()).toBe(1);
    expect(await store.dueInMs()).toBe(0);
    expect(await store.requeueDead()).toBe(1);
    expect(await store.counts()).toMatchObject({ pending: 2, delivered: 1, dead: 0 });
    expect(await store.oldestPendingAgeMs()).toBeGreaterThanOrEqual(0);
  });

  it("holds honeypot submissions apart, never to be claimed, until someone releases one", async () => {
    const { store } = await setup();
    const id = await store.hold(lead(7));
    expect(await store.claim("w", 30_000)).toBeUndefined();
    expect(await store.counts()).toMatchObject({ pending: 0, held: 1 });
    const [held] = await store.listHeld();
    expect(held).toMatchObject({ id, form: "appointment", erasedAt: null });
    expect(held.attributes[1].Value).toBe("9876500007");
    expect(await store.releaseHeld(id)).toBe(true);
    expect(await store.releaseHeld(id)).toBe(false);
    expect((await store.claim("w", 30_000))?.id).toBe(id);
  });

  it("erases delivered leads' personal fields after the retention period, keeping id, status and times", async () => {
    const { store } = await setup();
    await store.accept(lead(1));
    await store.accept(lead(2));
    const delivered = (await store.claim("w", 30_000))!;
    await store.markDelivered(delivered.seq, "crm-1");
    await store.hold(lead(3));
    await sleep(20);
    expect(await store.eraseExpired(60_000)).toBe(0);
    expect(await store.eraseExpired(5)).toBe(2);
    const [erased] = await store.list("delivered");
    expect(erased).toMatchObject({ id: delivered.id, status: "delivered", attributes: [], payload: {} });
    expect(erased.erasedAt).not.toBeNull();
    expect(erased.createdAt).toBe(delivered.createdAt);
    expect((await store.list("pending"))[0].attributes).toHaveLength(2);
    expect((await store.listHeld())[0].attributes).toEqual([]);
  });

  it("erases one person's leads on request: pending ones are withdrawn and never delivered", async () => {
    const { store } = await setup();
    await store.accept(lead(1, { idempotencyKey: "key-erase-1" }));
    await store.accept(lead(2));
    const delivered = (await store.claim("w", 30_000))!;
    await store.markDelivered(delivered.seq, "crm-1");
    await store.accept(lead(1));
    await store.hold(lead(1));
    const report = await store.eraseByPhone("+91 98765 00001");
    expect(report).toEqual({ withdrawn: 1, delivered: [delivered.id], held: 1 });
    expect(await store.counts()).toMatchObject({ pending: 1, delivered: 1, withdrawn: 1, held: 1 });
    const withdrawn = await store.list("withdrawn");
    expect(withdrawn[0]).toMatchObject({ attributes: [], payload: {} });
    expect((await store.claim("w", 30_000))?.attributes[1].Value).toBe("9876500002");
    // The browser retrying the erased request gets its answer; nothing is stored again.
    expect(await store.accept(lead(1, { idempotencyKey: "key-erase-1" }))).toEqual({
      outcome: "replayed",
      id: delivered.id,
    });
  });

  it("keeps one secret per name for every relay that shares it", async () => {
    const { store, second } = await setup();
    const a = await store.secret("csrf");
    const b = await (await second()).secret("csrf");
    expect(a.length).toBe(32);
    expect(b.equals(a)).toBe(true);
    expect((await store.secret("other")).equals(a)).toBe(false);
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe("the PostgreSQL outbox's start-up", () => {
  it("migrates once when several relays start at once", async () => {
    const admin = new pg.Client({ connectionString: cluster!.url });
    await admin.connect();
    await admin.query("CREATE DATABASE startup_race");
    await admin.end();
    const url = cluster!.urlOf("startup_race");
    const stores = await Promise.all(Array.from({ length: 5 }, () => PgStore.open(url)));
    open.push(...stores);
    const { rows } = await stores[0].pool.query("SELECT version FROM relay_migrations");
    expect(rows).toEqual([{ version: 1 }]);
  });
});

describe("the CRM's pace", () => {
  const rate = { count: 3, perMs: 400 };
  /**
   * When each granted start happened, as [asked, answered] (the start itself lies in between), until
   * `wanted` starts were granted among all the relays asking: however long a busy machine takes.
   */
  async function starts(take: () => Promise<number>, granted: { count: number }, wanted: number) {
    const at: [number, number][] = [];
    while (granted.count < wanted) {
      const asked = performance.timeOrigin + performance.now();
      const wait = await take();
      if (wait === 0) {
        at.push([asked, performance.timeOrigin + performance.now()]);
        granted.count++;
      } else await sleep(Math.min(wait, 20)); // the pace's own answer, not a guess
    }
    return at;
  }

  it("never allows more than the rate in any window, whichever relay asks (PostgreSQL)", async () => {
    const store = await PgStore.open(cluster!.url);
    open.push(store);
    const relays = [new PgPace(store.pool, rate), new PgPace(store.pool, rate), new PgPace(store.pool, rate)];
    const granted = { count: 0 };
    const all = (await Promise.all(relays.map((pace) => starts(() => pace.take(), granted, 3 * rate.count))))
      .flat()
      .sort((a, b) => a[0] - b[0]);
    expect(all.length).toBeGreaterThanOrEqual(3 * rate.count);
    // Any rate.count + 1 starts in a row span at least a window: the latest any of them can have
    // happened, less the earliest the first can have, is at least rate.perMs by the database's
    // clock, which counts whole milliseconds (relay_now_ms() floors): a start at 1000.9 ms is kept
    // as 1000, so in the test's finer clock a window may be up to 1 ms short (once 399.5 ms of 400).
    const clockStep = 1;
    for (let i = rate.count; i < all.length; i++) {
      const group = all.slice(i - rate.count, i + 1);
      expect(Math.max(...group.map(([, answered]) => answered)) - group[0][0]).toBeGreaterThan(rate.perMs - clockStep);
    }
  });

  it("pauses every relay when one is told to wait", async () => {
    // In memory on a clock of the test's own; in PostgreSQL on the database's clock, with a pause
    // long enough that no busy machine gets through it between two statements.
    let now = 1_000_000;
    const memory = new MemoryPace(rate, () => now);
    await memory.pause(300);
    now += 299;
    expect(await memory.peek()).toBe(1);
    expect(await memory.take()).toBe(1);
    now += 1;
    expect(await memory.take()).toBe(0);

    const admin = new pg.Client({ connectionString: cluster!.url });
    await admin.connect();
    await admin.query("CREATE DATABASE pace_pause");
    await admin.end();
    const store = await PgStore.open(cluster!.urlOf("pace_pause"));
    open.push(store);
    const [one, other] = [new PgPace(store.pool, rate), new PgPace(store.pool, rate)];
    await one.pause(600_000);
    expect(await other.peek()).toBeGreaterThan(500_000);
    expect(await other.take()).toBeGreaterThan(500_000);
  });
});

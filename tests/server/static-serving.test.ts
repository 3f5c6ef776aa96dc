/**
 * Issue 17's serving traps, re-tested on the Fastify relay: precompressed copies are sent only
 * while they are as new as their file; every file is served as it is on disk at that moment
 * (nothing about it is kept from the start); a body over the limit gets 413, chunked or not.
 */
import { mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CompressedPages } from "../../src/relay/page-compression";
import { acceptedAmong } from "../../src/relay/precompressed";
import { appointmentBody, pageToken, startTestRelay, type TestRelay } from "../helpers/relay";

let relay: TestRelay | undefined;
afterEach(async () => {
  await relay?.stop();
  relay = undefined;
});

/** Writes a file with a modification time in seconds since 1970. */
function write(file: string, content: string | Buffer, at: number) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  utimesSync(file, at, at);
}

async function get(url: string, acceptEncoding: string) {
  const res = await fetch(url, { headers: { "Accept-Encoding": acceptEncoding } });
  return {
    status: res.status,
    encoding: res.headers.get("content-encoding"),
    vary: res.headers.get("vary"),
    // fetch decodes br and gzip itself.
    text: await res.text(),
  };
}

describe("precompressed copies", () => {
  it("are sent while they are as new as their file, and never once the file has changed", async () => {
    relay = await startTestRelay();
    const page = path.join(relay.dir, "dist", "home", "index.html");
    const v1 = "<!doctype html><p>Version one</p>";
    write(page, v1, 1_000_000);
    write(`${page}.br`, brotliCompressSync(v1), 1_000_000);
    write(`${page}.gz`, gzipSync(v1), 1_000_001);
    const url = `${relay.url}/home`;
    expect(await get(url, "gzip, deflate, br")).toEqual({
      status: 200,
      encoding: "br",
      vary: "Accept-Encoding",
      text: v1,
    });
    expect(await get(url, "gzip")).toMatchObject({ encoding: "gzip", vary: "Accept-Encoding", text: v1 });
    expect(await get(url, "identity")).toMatchObject({ encoding: null, text: v1 });

    // The page is edited (or a deploy replaced it) and its copies were not made again.
    const v2 = "<!doctype html><p>Version two, which is longer than the first one</p>";
    write(page, v2, 1_000_010);
    for (const accept of ["gzip, deflate, br", "br", "gzip", "*", "identity"]) {
      expect(await get(url, accept), accept).toEqual({ status: 200, encoding: null, vary: null, text: v2 });
    }

    // npm run build made the gzip copy again (not the Brotli one): that one is sent.
    write(`${page}.gz`, gzipSync(v2), 1_000_020);
    expect(await get(url, "gzip, deflate, br")).toMatchObject({ encoding: "gzip", vary: "Accept-Encoding", text: v2 });
    expect(await get(url, "br")).toMatchObject({ encoding: null, text: v2 });
  });

  it("are never sent for a file that is gone", async () => {
    relay = await startTestRelay();
    const file = path.join(relay.dir, "dist", "assets", "old-AbCdEf12.js");
    write(`${file}.br`, brotliCompressSync("old();"), 2_000_000);
    write(`${file}.gz`, gzipSync("old();"), 2_000_000);
    for (const accept of ["br", "gzip", "identity"]) {
      expect((await get(`${relay.url}/assets/old-AbCdEf12.js`, accept)).status, accept).toBe(404);
    }
  });

  it("are chosen by the client's own weights among the fresh ones", () => {
    expect(acceptedAmong("gzip;q=1.0, br;q=0.5, deflate", ["br", "gzip"])).toBe("gzip;q=1.0, br;q=0.5");
    expect(acceptedAmong("br, gzip", ["gzip"])).toBe("gzip");
    expect(acceptedAmong("*", ["gzip"])).toBe("*");
    expect(acceptedAmong("*", ["br"])).toBe("identity");
    expect(acceptedAmong("br", [])).toBe("identity");
    expect(acceptedAmong(undefined, ["br"])).toBe("identity");
  });
});

describe("pages without compressed copies", () => {
  it("are compressed when sent, once per version of the page, and sent whole to a client that takes neither encoding", async () => {
    relay = await startTestRelay();
    const page = path.join(relay.dir, "dist", "doctors", "index.html");
    const v1 = `<!doctype html><p>${"Doctors of the hospital. ".repeat(100)}</p>`;
    write(page, v1, 4_000_000);
    const url = `${relay.url}/doctors`;
    const brotli = await fetch(url, { headers: { "Accept-Encoding": "gzip, br" } });
    expect([brotli.headers.get("content-encoding"), brotli.headers.get("vary")]).toEqual(["br", "Accept-Encoding"]);
    expect(Number(brotli.headers.get("content-length"))).toBeLessThan(Buffer.byteLength(v1) / 10);
    expect(brotli.headers.get("cache-control")).toBe("no-cache");
    expect(await brotli.text()).toBe(v1);
    expect(await get(url, "gzip")).toEqual({ status: 200, encoding: "gzip", vary: "Accept-Encoding", text: v1 });
    // Sent whole, it still says it varies: a shared cache must not give it to a browser taking Brotli.
    expect(await get(url, "br;q=0, identity")).toEqual({
      status: 200,
      encoding: null,
      vary: "Accept-Encoding",
      text: v1,
    });
    // A new version of the page (a publish) is compressed again, not taken from what was kept.
    const v2 = v1.replace("Doctors", "Our doctors");
    write(page, v2, 4_000_010);
    expect(await get(url, "br")).toMatchObject({ encoding: "br", text: v2 });
    expect(await get(url, "br")).toMatchObject({ encoding: "br", text: v2 });
  });
});

describe("compressed pages kept", () => {
  it("compress a page once per version and encoding, and let the least recently sent go past the limit", async () => {
    const pages = new CompressedPages(150);
    const reads: string[] = [];
    const body = (name: string) => async () => {
      reads.push(name);
      return Buffer.from(`${name} `.repeat(5_000));
    };
    await pages.get("/a.html", 'W/"1"', "br", body("a"));
    await pages.get("/a.html", 'W/"1"', "br", body("a"));
    await pages.get("/a.html", 'W/"1"', "gzip", body("a gzip"));
    await pages.get("/a.html", 'W/"2"', "br", body("a again"));
    expect(reads).toEqual(["a", "a gzip", "a again"]);
    // The copies are 14-95 bytes: past 150, the gzip copy, the least recently sent, goes.
    await pages.get("/a.html", 'W/"1"', "br", body("a"));
    await pages.get("/b.html", 'W/"1"', "br", body("b"));
    await pages.get("/c.html", 'W/"1"', "br", body("c"));
    await pages.get("/d.html", 'W/"1"', "br", body("d"));
    await pages.get("/a.html", 'W/"1"', "br", body("a"));
    await pages.get("/a.html", 'W/"1"', "gzip", body("a gzip"));
    expect(reads).toEqual(["a", "a gzip", "a again", "b", "c", "d", "a gzip"]);
  });
});

describe("files as they are on disk", () => {
  it("serves an edited file whole, longer or shorter, and files added after the start", async () => {
    relay = await startTestRelay();
    const asset = path.join(relay.dir, "dist", "assets", "index-AbCdEf12.js");
    const url = `${relay.url}/assets/index-AbCdEf12.js`;
    expect((await get(url, "identity")).text).toBe("console.log('app');");
    const longer = `console.log('${"a much longer app ".repeat(500)}');`;
    writeFileSync(asset, longer);
    const res = await fetch(url);
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(longer)));
    expect(await res.text()).toBe(longer);
    writeFileSync(asset, "x();");
    expect((await get(url, "identity")).text).toBe("x();");

    write(path.join(relay.dir, "dist", "images", "new.svg"), "<svg/>", 3_000_000);
    expect((await get(`${relay.url}/images/new.svg`, "identity")).text).toBe("<svg/>");
  });

  it("sees a prerendered build replace a single-page one while it runs (shell.html)", async () => {
    relay = await startTestRelay();
    const before = await fetch(`${relay.url}/no-such-page`, { redirect: "manual" });
    expect(before.status).toBe(200);
    writeFileSync(path.join(relay.dir, "dist", "shell.html"), "<!doctype html><div id=root></div>");
    const after = await fetch(`${relay.url}/no-such-page`, { redirect: "manual" });
    expect([after.status, await after.text()]).toEqual([404, "<!doctype html><div id=root></div>"]);
    rmSync(path.join(relay.dir, "dist", "shell.html"));
  });
});

describe("request bodies over 16 KiB", () => {
  /** Posts `kib` KiB as a chunked body (no Content-Length), as a client streaming it does. */
  function postChunked(url: string, token: string, kib: number) {
    const target = new URL(`${url}/api/leads`);
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        target,
        {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "Transfer-Encoding": "chunked",
            Origin: url,
            Cookie: `XSRF-TOKEN=${token}`,
            "X-XSRF-TOKEN": token,
          },
        },
        (res) => {
          let body = "";
          res.on("data", (d: Buffer) => {
            body += d.toString();
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      const json = JSON.stringify({ ...appointmentBody(), pad: "x".repeat(kib * 1024) });
      (async () => {
        for (let at = 0; at < json.length; at += 4096) {
          if (!req.write(json.slice(at, at + 4096))) await new Promise((r) => req.once("drain", r));
        }
        req.end();
      })().catch(reject);
    });
  }

  it("get 413 with the JSON answer, chunked or not, never a reset connection", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const tooLarge = { error: "too_large", message: "The request is too large." };
    for (const kib of [17, 40, 1024]) {
      const answer = await postChunked(relay.url, token, kib);
      expect(answer.status, `${kib} KiB`).toBe(413);
      expect(JSON.parse(answer.body)).toEqual(tooLarge);
    }
    // A body fetch streams (chunked too).
    const encoder = new TextEncoder();
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 64) controller.enqueue(encoder.encode("x".repeat(1024)));
        else controller.close();
      },
    });
    const res = await fetch(`${relay.url}/api/leads`, {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: {
        "Content-Type": "application/json",
        Origin: relay.url,
        Cookie: `XSRF-TOKEN=${token}`,
        "X-XSRF-TOKEN": token,
      },
    } as RequestInit);
    expect([res.status, await res.json()]).toEqual([413, tooLarge]);
    // A lead just under the limit is still taken.
    const fits = await postChunked(relay.url, token, 15);
    expect(fits.status).toBe(202);
  });
});

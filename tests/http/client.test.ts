import { HTTPError, TimeoutError } from "ky";
import { describe, expect, it, vi } from "vitest";
import { createHttpClient, errorClassOf, readCookie } from "../../src/site/http/client";

const page = "http://localhost:3000";

/** A client whose fetch records each request and answers with `answer`. */
function recording(answer: (request: Request) => Response | Promise<Response> = () => Response.json({ ok: true })) {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const logs: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    // Read now: ky cancels the request's body once the call is over.
    bodies.push(request.body ? await request.clone().text() : "");
    return answer(request);
  });
  const client = createHttpClient({
    fetch: fetchMock as unknown as typeof fetch,
    log: (m) => logs.push(m),
    cookies: () => "other=1; XSRF-TOKEN=tok%2Ben.sig; last=2",
    pageOrigin: () => page,
  });
  return { client, requests, bodies, logs, fetchMock };
}

describe("HTTP client: spec 7 global request behaviour", () => {
  it("adds Accept: application/json and X-Requested-With: XMLHttpRequest", async () => {
    const { client, requests } = recording();
    await client.get(`${page}/assets/data/cardiology-sub-departments.json`);
    expect(requests[0].headers.get("accept")).toBe("application/json");
    expect(requests[0].headers.get("x-requested-with")).toBe("XMLHttpRequest");
  });

  it("sends JSON content type with a body, but lets form data carry its own", async () => {
    const { client, requests, bodies } = recording();
    await client.post(`${page}/api/leads`, { json: { a: 1 } });
    await client.post(`${page}/api/leads`, { body: '{"a":1}' });
    const form = new FormData();
    form.set("name", "Asha");
    await client.post(`${page}/api/upload`, { body: form });
    expect(requests[0].headers.get("content-type")).toBe("application/json");
    expect(requests[1].headers.get("content-type")).toBe("application/json");
    expect(requests[2].headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(bodies[0]).toBe('{"a":1}');
  });

  it("sends credentials for URLs containing api, and not for others", async () => {
    const { client, requests } = recording();
    await client.get(`${page}/api/leads/status`);
    await client.get(`${page}/assets/data/cardiology-sub-departments.json`);
    expect(requests[0].credentials).toBe("include");
    expect(requests[1].credentials).not.toBe("include");
  });

  it("times out after 30000 ms by default (site.requestTimeoutMs)", async () => {
    vi.useFakeTimers();
    try {
      const { client } = recording(
        (request) =>
          new Promise((_resolve, reject) => {
            request.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          }),
      );
      const pending = client.get(`${page}/api/slow`).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_999);
      let settled = false;
      void pending.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toBeInstanceOf(TimeoutError);
    } finally {
      vi.useRealTimers();
    }
  });

  it("logs a network or CORS failure as status 0 and re-throws it", async () => {
    const { client, logs } = recording(() => {
      throw new TypeError("Failed to fetch");
    });
    await expect(client.post(`${page}/api/leads`, { json: {} })).rejects.toThrow("Failed to fetch");
    expect(logs).toEqual([`[http] Network or CORS error (status 0): POST ${page}/api/leads`]);
  });

  it("logs 4xx as client errors and 5xx as server errors, and re-throws them", async () => {
    const { client, logs } = recording((r) => new Response("{}", { status: r.url.endsWith("/bad") ? 422 : 503 }));
    await expect(client.post(`${page}/api/bad`, { json: {} })).rejects.toBeInstanceOf(HTTPError);
    await expect(client.get(`${page}/api/down?phone=9876543210`)).rejects.toBeInstanceOf(HTTPError);
    expect(logs).toEqual([
      `[http] Client error 422: POST ${page}/api/bad`,
      `[http] Server error 503: GET ${page}/api/down`,
    ]);
    expect(logs.join()).not.toContain("9876543210");
  });

  it("does not retry", async () => {
    const { client, fetchMock } = recording(() => new Response("{}", { status: 503 }));
    await expect(client.get(`${page}/api/down`)).rejects.toBeInstanceOf(HTTPError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("puts the XSRF-TOKEN cookie in X-XSRF-TOKEN on non-GET requests to the page's own origin only", async () => {
    const { client, requests } = recording();
    await client.post(`${page}/api/leads`, { json: {} });
    await client.put(`${page}/api/leads/1`, { json: {} });
    await client.delete(`${page}/api/leads/1`);
    await client.get(`${page}/api/leads`);
    await client.post("https://elsewhere.example/api/leads", { json: {} });
    expect(requests.map((r) => r.headers.get("x-xsrf-token"))).toEqual([
      "tok+en.sig",
      "tok+en.sig",
      "tok+en.sig",
      null,
      null,
    ]);
  });
});

describe("HTTP client helpers", () => {
  it("reads a cookie by name", () => {
    expect(readCookie("a=1; XSRF-TOKEN=abc; b=2", "XSRF-TOKEN")).toBe("abc");
    expect(readCookie("a=1", "XSRF-TOKEN")).toBeUndefined();
    expect(readCookie("", "XSRF-TOKEN")).toBeUndefined();
  });

  it("classes statuses as the spec logs them", () => {
    expect(errorClassOf(0)).toBe("network");
    expect(errorClassOf(404)).toBe("client");
    expect(errorClassOf(500)).toBe("server");
  });
});

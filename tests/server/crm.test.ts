import { describe, expect, it } from "vitest";
import { classifyCrmResponse, leadCaptureUrl, leadSquaredSender, retryAfterMs } from "../../src/relay/crm";
import { backoffMs, RateWindow } from "../../src/relay/worker";

describe("LeadSquared answers", () => {
  it("counts a success as delivered, with the CRM's lead id", () => {
    expect(classifyCrmResponse(200, '{"Status":"Success","Message":{"Id":"abc-1","AffectedRows":1}}')).toEqual({
      kind: "delivered",
      crmId: "abc-1",
    });
    expect(classifyCrmResponse(200, "")).toEqual({ kind: "delivered", crmId: undefined });
  });

  it("parks an MX error as dead with its type and message, whatever the status", () => {
    const body = '{"Status":"Error","ExceptionType":"MXDuplicateEntryException","ExceptionMessage":"Duplicate"}';
    for (const status of [200, 400, 500]) {
      expect(classifyCrmResponse(status, body)).toEqual({
        kind: "dead",
        reason: "MXDuplicateEntryException: Duplicate",
      });
    }
  });

  it("retries 5xx, 429 (even with an MX body) and access problems", () => {
    expect(classifyCrmResponse(503, "<html>down</html>").kind).toBe("retry");
    expect(classifyCrmResponse(500, "").kind).toBe("retry");
    const limited = classifyCrmResponse(
      429,
      '{"Status":"Error","ExceptionType":"MXAPIRateLimitExceededException","ExceptionMessage":"Slow down"}',
      2000,
    );
    expect(limited).toEqual({
      kind: "retry",
      reason: "HTTP 429 MXAPIRateLimitExceededException: Slow down",
      retryAfterMs: 2000,
    });
    expect(classifyCrmResponse(401, '{"Status":"Error","ExceptionType":"MXUnAuthorizedAccessException"}').kind).toBe(
      "retry",
    );
    expect(classifyCrmResponse(404, "").kind).toBe("retry");
  });

  it("reads Retry-After in seconds or as a date", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(10_000);
    expect(retryAfterMs(null)).toBeUndefined();
  });

  it("builds the Lead.Capture URL with the keys as query parameters", () => {
    expect(
      leadCaptureUrl({ baseUrl: "https://api.example/v2/", accessKey: "u$a", secretKey: "s&b", timeoutMs: 1 }),
    ).toBe("https://api.example/v2/LeadManagement.svc/Lead.Capture?accessKey=u%24a&secretKey=s%26b");
  });

  it("turns a network failure into a retry whose reason never carries the keys", async () => {
    const crm = { baseUrl: "https://api.example/v2", accessKey: "AK123", secretKey: "SK456", timeoutMs: 50 };
    const failing = (async (url: string) => {
      throw new TypeError(`fetch failed for ${url}`);
    }) as unknown as typeof fetch;
    const outcome = await leadSquaredSender(crm, failing)([{ Attribute: "Source", Value: "x" }]);
    expect(outcome.kind).toBe("retry");
    expect(JSON.stringify(outcome)).not.toMatch(/AK123|SK456/);
  });
});

describe("delivery pacing", () => {
  it("allows at most count starts in any window", () => {
    const w = new RateWindow({ count: 2, perMs: 1000 });
    expect(w.waitMs(0)).toBe(0);
    w.record(0);
    w.record(100);
    expect(w.waitMs(200)).toBe(800);
    expect(w.waitMs(1000)).toBe(0);
  });

  it("backs off exponentially, capped, with jitter between half and all of the step", () => {
    expect(backoffMs(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffMs(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffMs(4, 1000, 60_000, () => 1)).toBe(8000);
    expect(backoffMs(30, 1000, 60_000, () => 1)).toBe(60_000);
    expect(backoffMs(30, 1000, 60_000, () => 0)).toBe(30_000);
  });
});

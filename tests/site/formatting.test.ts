/**
 * The site's display formats: a price's currency format is made when a price is first shown, not
 * when the app's code is evaluated (one task on a phone, which it cost some 10 ms of CPU).
 */
import { afterEach, describe, expect, it, vi } from "vitest";

const RealNumberFormat = Intl.NumberFormat;

afterEach(() => {
  Intl.NumberFormat = RealNumberFormat;
  vi.resetModules();
});

describe("price formatting", () => {
  it("makes no currency format until a price is formatted, then one for every price", async () => {
    let made = 0;
    Intl.NumberFormat = class extends RealNumberFormat {
      constructor(...args: ConstructorParameters<typeof RealNumberFormat>) {
        super(...args);
        made++;
      }
    } as typeof Intl.NumberFormat;
    const { formatInr } = await import("../../src/site/ui/formatting");
    expect(made).toBe(0);
    expect(formatInr(4999)).toBe("₹4,999");
    expect(formatInr(150000)).toBe("₹1,50,000");
    expect(made).toBe(1);
  });
});

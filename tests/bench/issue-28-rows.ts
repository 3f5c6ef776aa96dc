/**
 * Issue 28's rows of `npm run bench` that are not the end-to-end builds' (end-to-end.ts): the card
 * cost, the validator against ajv-cli, first-load JavaScript, the Telugu home page's fonts and
 * Lighthouse on the phone. Every row is printed with its target, met or not, and says so when a
 * flag skipped its measurement.
 */
import type { CardCost } from "./card-cost";
import type { LighthouseResult } from "./lighthouse-run";
import { validateTargets } from "./validate";

export interface Row {
  name: string;
  value: string;
  met: boolean;
}

/** What the rows are judged on, each undefined when it was not measured. */
export interface Issue28Figures {
  /** First-load JS (gzip bytes) and fonts by route name (budgets.ts's routes). */
  firstLoad?: Record<string, { js: number; fonts: number }>;
  lighthouse?: Record<string, LighthouseResult>;
  /** CPU milliseconds per card at build time and drawn on request, by language (card-cost.ts). */
  cardCost?: CardCost;
  /** Ours against ajv-cli at 10,000 documents (validate.ts). */
  validate?: { size: number; ours: number; ajvCli: number; ratio: number };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The rows, in the issue's order. `skipped` names the flag that left figures out. */
export function issue28Rows(figures: Issue28Figures, skipped: Record<keyof Issue28Figures, string>): Row[] {
  const rows: Row[] = [];
  const notMeasured = (key: keyof Issue28Figures) => `not measured (${skipped[key]})`;
  const { cardCost, validate, firstLoad, lighthouse } = figures;
  const costs = (ms: Record<string, number>, digits: number) =>
    Object.entries(ms)
      .map(([language, value]) => `${language} ${value.toFixed(digits)} ms`)
      .join(", ");
  // The build draws no page's card (it names it and writes its source); the relay draws it on
  // its first request, in a thread of its own. The row is judged on the build's cost.
  rows.push({
    name: "card cost, one 1,200 x 630 card, English and Telugu: at most 10 ms CPU, or none at build time",
    value: cardCost
      ? `at build time ${costs(cardCost.build, 2)} (named, not drawn); drawn on its first request by the relay ${costs(cardCost.onRequest, 0)}`
      : notMeasured("cardCost"),
    met: cardCost !== undefined && Object.values(cardCost.build).every((ms) => ms <= 10),
  });
  const [validateRow] = validateTargets(validate, undefined);
  rows.push(validate ? validateRow : { ...validateRow, value: notMeasured("validate") });
  const budgets: [string, number][] = [
    ["cardiology treatment", 100],
    ["home", 105],
    ["doctors", 105],
  ];
  for (const [route, budget] of budgets) {
    const js = firstLoad?.[route]?.js;
    rows.push({
      name: `first-load JS gzip, ${route}: at most ${budget} KB`,
      value: js === undefined ? notMeasured("firstLoad") : kb(js),
      met: js !== undefined && js <= budget * 1024,
    });
  }
  const fonts = firstLoad?.["home, Telugu"]?.fonts;
  rows.push({
    name: "/te/home fonts: at most 30 KB",
    value: fonts === undefined ? notMeasured("firstLoad") : kb(fonts),
    met: fonts !== undefined && fonts <= 30 * 1024,
  });
  for (const route of ["home", "cardiology treatment", "home, Telugu", "doctors"]) {
    const r = lighthouse?.[route];
    rows.push({
      name: `Lighthouse mobile, ${route}: LCP at most 0.8 s, TBT at most 100 ms, performance 100`,
      value: r
        ? `LCP ${(r.lcpMs / 1000).toFixed(2)} s, TBT ${r.tbtMs} ms, performance ${r.performance}`
        : notMeasured("lighthouse"),
      met: r !== undefined && r.lcpMs <= 800 && r.tbtMs <= 100 && r.performance === 100,
    });
  }
  return rows;
}

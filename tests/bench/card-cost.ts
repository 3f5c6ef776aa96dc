/**
 * What one social card costs to draw (1200 x 630, the build's drawing path: src/build/social/card.ts),
 * in CPU milliseconds of this process, English and Telugu: each draw a card of a new title, so
 * nothing of it is cached, as a fresh build draws its pages' cards. What a build makes once for
 * all its cards (the fonts a Telugu text is shaped with, cut to the script's letters; the site's
 * template of background, logo and foot) is made by a first draw that is not counted, in a cache
 * folder of its own. The median of `runs` draws.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { drawCard } from "../../src/build/social/card";
import type { CardSpec } from "../../src/build/social/card-spec";

const root = path.resolve(import.meta.dirname, "../..");

const cards: Record<string, CardSpec> = {
  English: {
    title: "Best Hospital for Angioplasty in Hyderabad",
    kicker: "Cardiology",
    brand: "Sample Multi-Specialty Hospitals",
    logo: "/images/logo.svg",
    host: "www.hospitals.example",
  },
  Telugu: {
    title: "మోకాలి మార్పిడి సర్జరీ (టోటల్ నీ రీప్లేస్‌మెంట్)",
    kicker: "ఆర్థోపెడిక్స్",
    brand: "Sample Multi-Specialty Hospitals",
    logo: "/images/logo.svg",
    host: "www.hospitals.example",
  },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** CPU milliseconds per card drawn from nothing, by language. */
export async function cardCost(runs: number): Promise<Record<string, number>> {
  const logo = { data: readFileSync(path.join(root, "public/images/logo.svg")), type: "image/svg+xml" };
  const cost: Record<string, number> = {};
  for (const [language, card] of Object.entries(cards)) {
    const times: number[] = [];
    const cache = mkdtempSync(path.join(os.tmpdir(), "card-cost-"));
    try {
      for (let run = 0; run <= runs; run++) {
        const start = process.cpuUsage();
        await drawCard({ ...card, title: `${card.title} ${run}` }, logo, cache);
        const used = process.cpuUsage(start);
        if (run > 0) times.push((used.user + used.system) / 1000);
      }
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
    cost[language] = median(times);
  }
  return cost;
}

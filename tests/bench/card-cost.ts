/**
 * What one social card costs, 1200 x 630, English and Telugu, in CPU milliseconds of this process:
 * at build time (the build names a page's card and writes its source: src/build/social/cards.ts;
 * it draws none), and when drawn on its first request (the relay's drawing path,
 * src/shared/social/card.ts): each a card of a new title, so nothing of it is cached, as a fresh
 * build meets its pages' cards. What is made once for all cards (the fonts a Telugu text is shaped
 * with, cut to the script's letters; the site's template of background, logo and foot; the card
 * fonts' hashes) is made by a first run that is not counted, in a folder of its own. The median of
 * `runs` cards.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { nameCard } from "../../src/build/social/cards";
import { drawCard } from "../../src/shared/social/card";
import type { CardSpec } from "../../src/shared/social/card-spec";

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

/** A card's cost: CPU milliseconds at build time and when drawn on request, by language. */
export interface CardCost {
  build: Record<string, number>;
  onRequest: Record<string, number>;
}

/** The median CPU milliseconds of `runs` calls of `work` with a new title each (after one not counted). */
async function cpuPerCard(runs: number, work: (run: number) => unknown): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const start = process.cpuUsage();
    await work(run);
    const used = process.cpuUsage(start);
    if (run > 0) times.push((used.user + used.system) / 1000);
  }
  return median(times);
}

/** CPU milliseconds per card from nothing, at build time and drawn on request, by language. */
export async function cardCost(runs: number): Promise<CardCost> {
  const logo = { data: readFileSync(path.join(root, "public/images/logo.svg")), type: "image/svg+xml" };
  const cost: CardCost = { build: {}, onRequest: {} };
  for (const [language, card] of Object.entries(cards)) {
    const folder = mkdtempSync(path.join(os.tmpdir(), "card-cost-"));
    try {
      const distDir = path.join(folder, "dist");
      mkdirSync(path.join(distDir, "images"), { recursive: true });
      copyFileSync(path.join(root, "public/images/logo.svg"), path.join(distDir, "images/logo.svg"));
      const store = { distDir, canonicalBase: "https://www.hospitals.example" };
      // Many more runs than a draw's: a card's name costs a small fraction of a millisecond.
      cost.build[language] = await cpuPerCard(runs * 100, (run) =>
        nameCard({ ...card, title: `${card.title} ${run}` }, store),
      );
      cost.onRequest[language] = await cpuPerCard(runs, (run) =>
        drawCard({ ...card, title: `${card.title} ${run}` }, logo, folder),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  return cost;
}

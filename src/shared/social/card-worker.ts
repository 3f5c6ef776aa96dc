/**
 * A thread that draws social cards (card-threads.ts): one card per message, so the thread that
 * asked (the relay's, which takes leads) never spends its time on a drawing.
 */
import { parentPort } from "node:worker_threads";
import { drawCard } from "./card";
import type { CardSpec } from "./card-spec";

/** What a drawing thread is asked: a card, its logo, and where its script fonts are kept. */
export interface DrawOrder {
  id: number;
  card: CardSpec;
  logo?: { data: Uint8Array; type: string };
  cacheDir: string;
}

/** What it answers: the PNG's bytes, or why there are none. */
export type DrawAnswer = { id: number; png: Uint8Array } | { id: number; error: string };

parentPort?.on("message", async (order: DrawOrder) => {
  try {
    const logo = order.logo && { data: Buffer.from(order.logo.data), type: order.logo.type };
    const png = await drawCard(order.card, logo, order.cacheDir);
    const bytes = new Uint8Array(png);
    parentPort?.postMessage({ id: order.id, png: bytes } satisfies DrawAnswer, [bytes.buffer]);
  } catch (error) {
    parentPort?.postMessage({ id: order.id, error: error instanceof Error ? error.message : String(error) });
  }
});

/**
 * Threads that draw social cards (card-worker.ts), at most `threads` cards at once, the others
 * waiting their turn, at most `queue` of them: a flood of requests for cards nobody drew yet
 * waits or is refused, it never takes the asking thread's time or every core.
 */
import { Worker } from "node:worker_threads";
import type { Logo } from "./card-key";
import type { CardSpec } from "./card-spec";
import type { DrawAnswer, DrawOrder } from "./card-worker";

/** More cards are waiting to be drawn than the queue holds: ask again later. */
export class CardsBusyError extends Error {
  constructor() {
    super("Too many social cards are waiting to be drawn; ask again in a few seconds.");
    this.name = "CardsBusyError";
  }
}

interface Waiting {
  order: Omit<DrawOrder, "id">;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** The draw under way, if any. */
  current?: { id: number } & Waiting;
}

export interface CardThreadsOptions {
  /** Cards drawn at once, each in a thread of its own; default 1. */
  threads?: number;
  /** Cards waiting for a thread at most; default 100. */
  queue?: number;
}

/** A pool of card-drawing threads, started on the first card and stopped by `close`. */
export class CardThreads {
  private readonly threads: Thread[] = [];
  private readonly waiting: Waiting[] = [];
  private readonly size: number;
  private readonly queue: number;
  private ids = 0;
  private closed = false;

  constructor(options: CardThreadsOptions = {}) {
    this.size = Math.max(1, options.threads ?? 1);
    this.queue = Math.max(0, options.queue ?? 100);
  }

  /** Draws `card` in a thread; rejects with CardsBusyError when the queue is full. */
  draw(card: CardSpec, logo: Logo | undefined, cacheDir: string): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("The card threads are stopped."));
    const free = this.threads.some((t) => !t.current) || this.threads.length < this.size;
    if (!free && this.waiting.length >= this.queue) return Promise.reject(new CardsBusyError());
    return new Promise<Buffer>((resolve, reject) => {
      const order = { card, logo: logo && { data: new Uint8Array(logo.data), type: logo.type }, cacheDir };
      this.waiting.push({ order, resolve, reject });
      this.next();
    });
  }

  /** Stops every thread; draws under way or waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.waiting.splice(0)) waiting.reject(new Error("The card threads are stopped."));
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  /** Hands the next waiting card to an idle thread, starting one when there are fewer than `size`. */
  private next() {
    if (this.waiting.length === 0) return;
    let thread = this.threads.find((t) => !t.current);
    if (!thread && this.threads.length < this.size) thread = this.start();
    if (!thread) return;
    const waiting = this.waiting.shift() as Waiting;
    const id = ++this.ids;
    thread.current = { id, ...waiting };
    thread.worker.ref();
    thread.worker.postMessage({ id, ...waiting.order } satisfies DrawOrder);
  }

  private start(): Thread {
    const worker = new Worker(new URL("./card-worker.mjs", import.meta.url), {
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
    });
    const thread: Thread = { worker };
    worker.on("message", (answer: DrawAnswer) => {
      const current = thread.current;
      if (!current || current.id !== answer.id) return;
      thread.current = undefined;
      // An idle thread does not keep the process alive.
      worker.unref();
      if ("png" in answer) current.resolve(Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.length));
      else current.reject(new Error(answer.error));
      this.next();
    });
    const gone = (reason: Error) => {
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      // A thread that died fails its card only; the next card starts another thread.
      this.threads.splice(index, 1);
      thread.current?.reject(reason);
      thread.current = undefined;
      if (!this.closed) this.next();
    };
    worker.on("error", gone);
    worker.on("exit", (code) => gone(new Error(`A card-drawing thread stopped (code ${code}).`)));
    worker.unref();
    this.threads.push(thread);
    return thread;
  }
}

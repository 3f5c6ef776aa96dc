/**
 * The first pass of many files over the machine's cores. Each file's first pass needs nothing but
 * the file (check-file.ts), so worker threads take a share of the files while this thread checks
 * the rest; what they find comes back as data, the same a check here gives.
 *
 * It stays synchronous, as runValidation is: files are taken in chunks from a counter shared by
 * every thread (a worker still starting takes none, so a run never waits for one to start, and a
 * slow worker takes fewer), each worker posts a chunk's results on its port, and this thread reads
 * them with receiveMessageOnPort between its own chunks, then, once no chunk is left to take, waits
 * on the shared counter of chunks done for the last. A worker that fails on a chunk says so, and
 * this thread checks it itself; one that dies on a chunk says nothing, so the wait has a limit: when
 * no chunk is done for `stallLimit`, this thread checks every chunk still missing itself.
 *
 * A worker is a module that calls `serveChecks` when it starts as a worker thread: the CLI's
 * bundle (scripts/validate.ts). Node only.
 */
import { availableParallelism } from "node:os";
import {
  isMainThread,
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
  workerData,
} from "node:worker_threads";
import { type Checked, FileChecker, type Job, type PassOneSettings } from "./check-file";
import { keepCompiledValidators } from "./compiled-validators";
import type { PlaceholderRule } from "./placeholders";
import { readText } from "./read-text";

/** Where workers come from: a module that calls `serveChecks` in a worker thread, and the project. */
export interface WorkerSettings {
  script: URL;
  /** The project whose node_modules/.cache/ keeps compiled validators (compiled-validators.ts). */
  projectRoot: string;
}

/**
 * Fewer files than this are all checked in this thread: a worker takes about 0.2 s of CPU to
 * start (loading the validator and its compiled schemas), about what 600 treatment files cost.
 */
export const parallelFrom = 1_000;

/** Files a thread takes at a time: small enough that threads finish together, large enough that posting is rare. */
const chunkLength = 32;

/** At most this many workers: reading and parsing files from one disk gains little past it. */
const maxWorkers = 3;

/**
 * How long the last wait goes without any chunk done before this thread checks the missing chunks
 * itself. A chunk takes tens of milliseconds, even on a busy machine: only a worker that died
 * mid-chunk (out of memory, killed) leaves a chunk undone this long, and a worker merely slow
 * costs a chunk checked twice (the first result kept), never a wrong one.
 */
const stallLimit = 2_000;

/** Shared counters: the next chunk to take, and how many chunks are done. */
const next = 0;
const done = 1;

interface Assignment {
  settings: PassOneSettings;
  placeholders: readonly PlaceholderRule[];
  projectRoot: string;
  jobs: Job[];
  counters: SharedArrayBuffer;
  port: MessagePort;
}

/**
 * One chunk's results from a worker, as JSON (quicker to write and read than the structured
 * clone of thousands of small objects, and results are plain data), or its failure. A result's
 * list of HTML fields (half of a treatment file's result) is passed as a number: files made from
 * one template have the same list, and each distinct list comes with the first chunk that names
 * it, once, so this thread reads each once and the results that name it share it.
 */
interface ChunkResult {
  chunk: number;
  /** JSON of the chunk's results, each `html` a number naming a list. */
  results?: string;
  /** JSON of the lists first named in this chunk, by number. */
  lists?: string;
  failed?: string;
}

/** A result as a worker posts it. */
type PostedResult = Omit<Checked, "html"> & { html?: number };

/**
 * The first pass of `jobs`, in their order: `checkHere` checks a job in this thread; workers
 * check the same jobs as `new FileChecker(settings, readText)` does. Undefined when the run
 * is too small to share or the machine has one core.
 */
export function checkInParallel(
  jobs: Job[],
  workers: WorkerSettings,
  settings: PassOneSettings,
  placeholders: readonly PlaceholderRule[],
  checkHere: (job: Job) => Checked,
): Checked[] | undefined {
  const count = Math.min(maxWorkers, availableParallelism() - 1);
  if (jobs.length < parallelFrom || count < 1) return undefined;
  const counters = new Int32Array(new SharedArrayBuffer(8));
  const chunks = Math.ceil(jobs.length / chunkLength);
  const results: Checked[] = new Array(jobs.length);
  const ports: MessagePort[] = [];
  const threads: Worker[] = [];
  for (let i = 0; i < count; i++) {
    const { port1, port2 } = new MessageChannel();
    const assignment: Assignment = {
      settings: {
        siteRoot: settings.siteRoot,
        schemasDir: settings.schemasDir,
        naming: settings.naming,
        texts: settings.texts,
      },
      placeholders,
      projectRoot: workers.projectRoot,
      jobs,
      counters: counters.buffer as SharedArrayBuffer,
      port: port2,
    };
    const thread = new Worker(workers.script, { workerData: { validationChecks: assignment }, transferList: [port2] });
    // A worker still starting when the run ends must not keep the process alive.
    thread.unref();
    threads.push(thread);
    ports.push(port1);
  }
  // Which chunks have their results here: a chunk checked twice (see stallLimit) keeps its first.
  const have = new Uint8Array(chunks);
  let missing = chunks;
  // This thread's results share their lists of HTML fields too, as the workers' do: a treatment
  // file's own list (41 pointers) kept for every file it checked held 12 MB at 10,000 files, all
  // copied by the young generation's collections.
  const ownLists = new ListNumbers();
  const checkChunk = (chunk: number) => {
    if (have[chunk]) return;
    const end = Math.min(jobs.length, (chunk + 1) * chunkLength);
    for (let i = chunk * chunkLength; i < end; i++) {
      const result = checkHere(jobs[i]);
      if (result.html) result.html = ownLists.shared(result.html);
      results[i] = result;
    }
    have[chunk] = 1;
    missing--;
  };
  // Each worker's lists of HTML fields, by the number it gives them.
  const htmlLists = ports.map(() => new Map<number, string[]>());
  // Workers' results are read between chunks, so reading them is shared out like the rest.
  const readResults = () => {
    ports.forEach((port, worker) => {
      for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
        const { chunk, results: found, lists } = message.message as ChunkResult;
        const named = htmlLists[worker];
        if (lists !== undefined)
          for (const [id, list] of JSON.parse(lists) as [number, string[]][]) named.set(id, list);
        if (found === undefined) checkChunk(chunk);
        else if (!have[chunk]) {
          const list = JSON.parse(found) as PostedResult[];
          for (let i = 0; i < list.length; i++) {
            const { html } = list[i];
            // The number is replaced by its list in place: a copy of each result would cost more.
            const result = list[i] as unknown as Checked;
            if (html !== undefined) result.html = named.get(html);
            // The job's own path, not the posted copy: the copies die young, where 10,000 kept
            // ones (twice in a treatment file's result) were copied by each collection.
            const { file } = jobs[chunk * chunkLength + i];
            result.file = file;
            if (result.fact?.kind === "collection")
              for (const treatment of result.fact.treatments) if (treatment.file === file) treatment.file = file;
            results[chunk * chunkLength + i] = result;
          }
          have[chunk] = 1;
          missing--;
        }
      }
    });
  };
  for (let chunk = Atomics.add(counters, next, 1); chunk < chunks; chunk = Atomics.add(counters, next, 1)) {
    checkChunk(chunk);
    Atomics.add(counters, done, 1);
    readResults();
  }
  // Every chunk is taken; wait for the workers' last ones.
  while (missing > 0) {
    const finished = Atomics.load(counters, done);
    const woke = finished < chunks ? Atomics.wait(counters, done, finished, stallLimit) : "ok";
    readResults();
    // No chunk done for stallLimit (a worker died mid-chunk), or every chunk done and one still
    // missing (not expected: a worker posts before it counts): this thread checks what is missing.
    const stalled = woke === "timed-out" && Atomics.load(counters, done) === finished;
    if (missing > 0 && (stalled || finished >= chunks)) for (let chunk = 0; chunk < chunks; chunk++) checkChunk(chunk);
  }
  for (const port of ports) port.close();
  for (const thread of threads) void thread.terminate();
  return results;
}

/**
 * In a worker thread started by `checkInParallel`: checks chunks until none is left; true when
 * this thread is such a worker (and has done its share). Call it first thing in a worker script.
 */
export function serveChecks(): boolean {
  const assignment = isMainThread ? undefined : (workerData as { validationChecks?: Assignment })?.validationChecks;
  if (!assignment) return false;
  const { jobs, port } = assignment;
  const counters = new Int32Array(assignment.counters);
  const chunks = Math.ceil(jobs.length / chunkLength);
  let checker: FileChecker | undefined;
  const numbers = new ListNumbers();
  for (let chunk = Atomics.add(counters, next, 1); chunk < chunks; chunk = Atomics.add(counters, next, 1)) {
    // Lists numbered from here on are first named in this chunk, and passed with it.
    const known = numbers.size;
    try {
      if (!checker) {
        keepCompiledValidators(assignment.projectRoot);
        checker = new FileChecker(assignment.settings, readText, {
          placeholders: assignment.placeholders,
        });
      }
      const end = Math.min(jobs.length, (chunk + 1) * chunkLength);
      const results: PostedResult[] = [];
      for (let i = chunk * chunkLength; i < end; i++) {
        const checked = checker.check(jobs[i]);
        // The result is this thread's alone: its list becomes a number in place, not in a copy.
        const posted = checked as unknown as PostedResult;
        if (checked.html) posted.html = numbers.numberOf(checked.html);
        results.push(posted);
      }
      const message: ChunkResult = { chunk, results: JSON.stringify(results) };
      if (numbers.size > known) message.lists = JSON.stringify(numbers.from(known));
      port.postMessage(message);
    } catch (error) {
      // A check that threw, or a result that cannot be posted: the main thread checks the chunk.
      // Lists first named in it were not passed: they are named again when next met.
      numbers.forgetFrom(known);
      port.postMessage({ chunk, failed: String(error) } satisfies ChunkResult);
    }
    Atomics.add(counters, done, 1);
    Atomics.notify(counters, done);
  }
  port.close();
  return true;
}

/**
 * The numbers a worker gives lists of HTML fields (see ChunkResult), from 0 in the order first
 * met. A list is known by its pointers, compared one by one with those passed before of its length
 * and last pointer: keyed by its JSON, a treatment file spent 6.7 us writing its 41 pointers out
 * (each made by joining strings, which writing flattens), where comparing them takes 0.4.
 */
class ListNumbers {
  private readonly lists: string[][] = [];
  private readonly byShape = new Map<string, number[]>();

  get size(): number {
    return this.lists.length;
  }

  numberOf(list: string[]): number {
    const shape = `${list.length} ${list.at(-1)}`;
    let same = this.byShape.get(shape);
    if (!same) {
      same = [];
      this.byShape.set(shape, same);
    }
    for (const id of same) if (sameStrings(this.lists[id], list)) return id;
    same.push(this.lists.length);
    this.lists.push(list);
    return this.lists.length - 1;
  }

  /** The list passed before that holds the same pointers as `list`, or `list`, numbered now. */
  shared(list: string[]): string[] {
    return this.lists[this.numberOf(list)];
  }

  /** The lists numbered from `first` on, each with its number. */
  from(first: number): [number, string[]][] {
    return this.lists.slice(first).map((list, i) => [first + i, list]);
  }

  /** Forgets the lists numbered from `first` on. */
  forgetFrom(first: number) {
    for (const list of this.lists.splice(first)) {
      const shape = `${list.length} ${list.at(-1)}`;
      const same = this.byShape.get(shape)?.filter((id) => id < first) ?? [];
      this.byShape.set(shape, same);
    }
  }
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The build's timings: each step's wall time and the CPU time of all the build's threads (on a
 * busy machine the two differ, and CPU time is the steadier), the vite builds' process counted in.
 */

/** Seconds since `since` (a performance.now() reading), as the build prints them. */
export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

/** CPU seconds of every thread of the build (on a shared machine, steadier than wall time). */
export const cpuSeconds = (usage: NodeJS.CpuUsage) => ((usage.user + usage.system) / 1e6).toFixed(2);

/** Times the build's steps, printing a line for each with `log`. */
export class BuildClock {
  private readonly cpuStart = process.cpuUsage();
  private cpuMark = this.cpuStart;
  /** CPU time of the vite builds' process (microseconds), counted in the build's. */
  childCpu = 0;

  constructor(private readonly log: (line: string) => void) {}

  /** Prints a step's line: its name, wall time since `since`, and CPU time since the last step. */
  step(name: string, since: number) {
    const cpu = process.cpuUsage(this.cpuMark);
    this.mark();
    this.log(`  ${name.padEnd(40)} ${seconds(since).padStart(6)} s  (cpu ${cpuSeconds(cpu)} s)`);
  }

  /** Starts the next step's CPU time now (after a step printed on its own). */
  mark() {
    this.cpuMark = process.cpuUsage();
  }

  /** The build's CPU time so far, the vite builds' process included. */
  total(): NodeJS.CpuUsage {
    const own = process.cpuUsage(this.cpuStart);
    return { user: own.user + this.childCpu, system: own.system };
  }
}

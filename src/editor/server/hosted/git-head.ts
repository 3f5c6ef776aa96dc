import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The commit a checkout is at (the editor app is built once per published commit). */
export async function headOf(dir: string): Promise<string> {
  const { stdout } = await run("git", ["rev-parse", "HEAD"], { cwd: dir });
  return stdout.trim();
}

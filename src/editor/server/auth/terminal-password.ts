/** Asking for a password on the terminal without echoing it. */

/** Reads one line from a terminal without echo; undefined when stdin is not a terminal. */
export function askPassword(prompt: string): Promise<string | undefined> {
  const input = process.stdin;
  if (!input.isTTY) return Promise.resolve(undefined);
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let text = "";
    const done = (result: string | undefined, error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener("data", onData);
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString("utf8")) {
        if (ch === "\r" || ch === "\n") return done(text);
        if (ch === "\u0003") return done(undefined, new Error("Cancelled."));
        if (ch === "\u007f" || ch === "\b") text = text.slice(0, -1);
        else if (ch >= " ") text += ch;
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on("data", onData);
  });
}

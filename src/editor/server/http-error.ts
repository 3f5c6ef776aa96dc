/**
 * An answer in words with its HTTP status: handlers throw it, and the editor's error handler
 * (app.ts) sends `{ message }` with that status. Anything else thrown is a 500 whose message is
 * logged, never sent.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

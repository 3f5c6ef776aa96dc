/**
 * The editor's JSON bodies: parsed only when no deeper than a config file can be, so a body of
 * 100,000 nested brackets is a 400 in words rather than a stack overflow somewhere later.
 */
import type { FastifyInstance } from "fastify";
import { HttpError } from "./http-error";

/** Deeper than any config file of the site (a page's blocks nest about 12 levels). */
export const maxJsonDepth = 64;

/** How deeply `text`'s arrays and objects nest, counted without parsing (strings skipped). */
export function jsonDepth(text: string, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAt) return deepest;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return deepest;
}

/** Replaces Fastify's JSON parser with one that refuses bodies nested past `maxJsonDepth`. */
export function registerJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    if (jsonDepth(text, maxJsonDepth) > maxJsonDepth)
      return done(new HttpError(400, `The request nests deeper than ${maxJsonDepth} levels; no config file does.`));
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, "The request is not valid JSON."));
    }
  });
}

/** Role checks for routes: `allow(check)` as a preHandler, and `hasRole`. */
import type { preHandlerHookHandler } from "fastify";
import { messages } from "./messages";
import type { Person, Role } from "./types";

export function hasRole(person: Person, role: Role): boolean {
  return person.roles.includes(role);
}

/**
 * A preHandler that lets the request through when the signed-in person passes `check`, and
 * answers 403 { message } otherwise (and when nobody is signed in).
 */
export function allow(check: (person: Person) => boolean): preHandlerHookHandler {
  return function allowed(request, reply, done) {
    if (request.person && check(request.person)) return done();
    reply.code(403).send({ message: request.person ? messages.forbidden : messages.signedOut });
  };
}

/**
 * The administrator's routes: people with their roles, adding a person, changing roles,
 * languages or name, and the audit log. Role and language changes are audited with before and
 * after; the last administrator cannot lose the role.
 */
import type { FastifyInstance } from "fastify";
import type { AuthContext } from "./context";
import { publicPerson } from "./context";
import { EmailTakenError } from "./db-rows";
import { allow, hasRole } from "./guard-helpers";
import { messages } from "./messages";
import { hashPassword } from "./passwords";
import { checkDoctor, checkLanguages, checkName, checkNewPerson, checkRoles, type PersonInput } from "./person-input";

const admin = allow((p) => hasRole(p, "admin"));

async function adminCount(ctx: AuthContext): Promise<number> {
  return (await ctx.db.people.list()).filter((p) => p.roles.includes("admin")).length;
}

export function peopleRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get("/editor/api/people", { preHandler: admin }, async () => ({
    people: (await ctx.db.people.list()).map(publicPerson),
  }));

  app.post<{ Body: PersonInput }>("/editor/api/people", { preHandler: admin }, async (request, reply) => {
    const body = request.body ?? {};
    const checked = checkNewPerson(body);
    if ("problem" in checked) return reply.code(400).send({ message: checked.problem });
    const { password, name, ...details } = checked.value;
    const passwordHash = password ? await hashPassword(password) : null;
    try {
      const person = await ctx.db.people.add({ ...details, name, passwordHash });
      await ctx.audit.record({
        actor: request.person?.email ?? null,
        action: "person-added",
        detail: details,
        address: request.ip,
      });
      return reply.code(201).send({ person: publicPerson(person) });
    } catch (error) {
      if (error instanceof EmailTakenError) return reply.code(409).send({ message: error.message });
      throw error;
    }
  });

  app.put<{ Params: { id: string }; Body: PersonInput }>(
    "/editor/api/people/:id",
    { preHandler: admin },
    async (request, reply) => {
      const before = await ctx.db.people.get(request.params.id);
      if (!before) return reply.code(404).send({ message: messages.personNotFound });
      const body = request.body ?? {};
      const name = body.name === undefined ? undefined : checkName(body.name);
      const roleList = body.roles === undefined ? { value: before.roles } : checkRoles(body.roles);
      if (name && "problem" in name) return reply.code(400).send({ message: name.problem });
      if ("problem" in roleList) return reply.code(400).send({ message: roleList.problem });
      // Languages follow the roles: dropping "translator" drops them unless new ones are given.
      const checked = checkLanguages(
        body.languages ?? (roleList.value.includes("translator") ? before.languages : []),
        roleList.value,
      );
      if ("problem" in checked) return reply.code(400).send({ message: checked.problem });
      const languages = checked.value;
      const roles = roleList.value;
      // The doctor follows the roles too: dropping "clinical-reviewer" drops it.
      const doctor = checkDoctor(body.doctor ?? (roles.includes("clinical-reviewer") ? before.doctor : null), roles);
      if ("problem" in doctor) return reply.code(400).send({ message: doctor.problem });
      if (before.roles.includes("admin") && !roles.includes("admin") && (await adminCount(ctx)) <= 1)
        return reply.code(409).send({ message: messages.lastAdmin });
      const after = await ctx.db.people.update(before.id, {
        name: name?.value,
        roles,
        languages,
        doctor: doctor.value,
      });
      if (!after) return reply.code(404).send({ message: messages.personNotFound });
      const changed =
        JSON.stringify([before.roles, before.languages, before.doctor]) !==
        JSON.stringify([after.roles, after.languages, after.doctor]);
      if (changed)
        await ctx.audit.record({
          actor: request.person?.email ?? null,
          action: "roles-changed",
          detail: {
            email: after.email,
            before: { roles: before.roles, languages: before.languages, doctor: before.doctor },
            after: { roles: after.roles, languages: after.languages, doctor: after.doctor },
          },
          address: request.ip,
        });
      return { person: publicPerson(after) };
    },
  );

  app.get<{ Querystring: { limit?: string } }>("/editor/api/audit", { preHandler: admin }, async (request) => {
    const limit = Math.min(5000, Math.max(1, Number(request.query.limit) || 500));
    return { entries: await ctx.db.audit.list(limit) };
  });
}

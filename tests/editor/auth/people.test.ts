/**
 * The administrator's people routes and the audit log, against a real server on 127.0.0.1.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AuthServer, Browser, startAuthServer } from "./auth-server";

let server: AuthServer;
let admin: Browser;
let token: string;
const password = "correct horse battery staple";

beforeEach(async () => {
  server = await startAuthServer();
  await server.addPerson("admin@hospital.example", ["admin"], password);
  await server.addPerson("editor@hospital.example", ["editor"], password);
  admin = new Browser(server.origin);
  await admin.signIn("admin@hospital.example", password);
  token = await admin.csrf();
});
afterEach(async () => {
  await server.close();
});

const json = (body: unknown) => ({
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("people routes", () => {
  it("let an administrator add a translator, who can then sign in", async () => {
    const added = await admin.request("/editor/api/people", {
      method: "POST",
      csrf: token,
      ...json({
        email: "Lakshmi@Hospital.example",
        name: "Lakshmi",
        roles: ["translator"],
        languages: ["te"],
        password,
      }),
    });
    expect(added.status).toBe(201);
    const { person } = (await added.json()) as { person: Record<string, unknown> };
    expect(person).toEqual({
      id: expect.any(String),
      email: "lakshmi@hospital.example",
      name: "Lakshmi",
      roles: ["translator"],
      languages: ["te"],
    });
    const list = (await (await admin.request("/editor/api/people")).json()) as { people: { email: string }[] };
    expect(list.people.map((p) => p.email)).toEqual([
      "admin@hospital.example",
      "editor@hospital.example",
      "lakshmi@hospital.example",
    ]);
    expect(JSON.stringify(list)).not.toContain("argon2");
    expect((await new Browser(server.origin).signIn("lakshmi@hospital.example", password)).status).toBe(303);
  });

  it("refuse a person's details in words", async () => {
    const cases: [unknown, number, string][] = [
      [
        { email: "nope", name: "X", roles: ["editor"] },
        400,
        "Give the person's email address, such as name@hospital.example.",
      ],
      [
        { email: "x@h.example", name: "X", roles: ["boss"] },
        400,
        "'boss' is not a role; the roles are editor, translator, reviewer, clinical-reviewer, publisher, admin.",
      ],
      [
        { email: "x@h.example", name: "X", roles: ["clinical-reviewer"] },
        400,
        "A clinical reviewer is one of the site's doctors: give their slug in doctors.json (--doctor dr-anjali-example), so their approvals name them on the pages.",
      ],
      [
        { email: "x@h.example", name: "X", roles: ["reviewer"], doctor: "dr-anjali-example" },
        400,
        "Only a clinical reviewer is linked to a doctor; add the clinical-reviewer role or leave the doctor out.",
      ],
      [
        { email: "x@h.example", name: "X", roles: ["translator"] },
        400,
        "A translator needs at least one language they may change, such as te or hi.",
      ],
      [
        { email: "x@h.example", name: "X", roles: ["editor"], languages: ["te"] },
        400,
        "Only a translator has languages; add the translator role or leave the languages out.",
      ],
      [
        { email: "x@h.example", name: "X", roles: ["editor"], password: "short" },
        400,
        "The password is too short: use at least 12 characters (a few words make a good one).",
      ],
      [
        { email: "EDITOR@hospital.example", name: "X", roles: ["editor"] },
        409,
        "Someone with the email editor@hospital.example is already in the editor; change their roles instead of adding them again.",
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await admin.request("/editor/api/people", { method: "POST", csrf: token, ...json(body) });
      expect([response.status, await response.json()]).toEqual([status, { message }]);
    }
  });

  it("record role changes with before and after, and keep at least one administrator", async () => {
    const people = (await (await admin.request("/editor/api/people")).json()) as {
      people: { id: string; email: string }[];
    };
    const editor = people.people.find((p) => p.email === "editor@hospital.example")!;
    const me = people.people.find((p) => p.email === "admin@hospital.example")!;
    const changed = await admin.request(`/editor/api/people/${editor.id}`, {
      method: "PUT",
      csrf: token,
      ...json({ roles: ["editor", "translator"], languages: ["hi"] }),
    });
    expect(((await changed.json()) as { person: unknown }).person).toMatchObject({
      roles: ["editor", "translator"],
      languages: ["hi"],
    });
    const lastAdmin = await admin.request(`/editor/api/people/${me.id}`, {
      method: "PUT",
      csrf: token,
      ...json({ roles: ["editor"] }),
    });
    expect(lastAdmin.status).toBe(409);
    expect(((await lastAdmin.json()) as { message: string }).message).toBe(
      "At least one person must keep the admin role, or nobody could manage people. Give someone else the admin role first.",
    );
    const missing = await admin.request("/editor/api/people/nobody", {
      method: "PUT",
      csrf: token,
      ...json({ name: "X" }),
    });
    expect(missing.status).toBe(404);
    const audit = (await (await admin.request("/editor/api/audit")).json()) as {
      entries: { action: string; actor: string; detail: unknown }[];
    };
    expect(audit.entries.map((e) => e.action)).toEqual(["roles-changed", "sign-in"]);
    expect(audit.entries[0]).toMatchObject({
      actor: "admin@hospital.example",
      detail: {
        email: "editor@hospital.example",
        before: { roles: ["editor"], languages: [] },
        after: { roles: ["editor", "translator"], languages: ["hi"] },
      },
    });
  });

  it("answer 403 to anyone but an administrator", async () => {
    const editor = new Browser(server.origin);
    await editor.signIn("editor@hospital.example", password);
    const csrf = await editor.csrf();
    for (const [method, path] of [
      ["GET", "/editor/api/people"],
      ["POST", "/editor/api/people"],
      ["PUT", "/editor/api/people/x"],
      ["GET", "/editor/api/audit"],
    ]) {
      const response = await editor.request(path, { method, csrf, ...(method === "GET" ? {} : json({})) });
      expect([path, response.status]).toEqual([path, 403]);
    }
  });
});

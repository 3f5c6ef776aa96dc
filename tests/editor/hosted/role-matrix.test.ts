/**
 * Every API route of the hosted editor, called by every role and signed out, against a real
 * server: each answer is either the route working (2xx, or a 4xx that is about the request, never
 * 401 or 5xx) or 403, and 403 exactly where the role does not allow it.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../../src/editor/server/auth";
import type { PublishSteps } from "../../../src/editor/server/changes";
import { gitIn } from "../changes/repo";
import { Client, type HostedEditor, startTestEditor } from "./hosted-editor";

/** Publishing's build and deploy stand-ins: the real ones are the browser test's. */
const steps: PublishSteps = {
  check: async () => ({ ok: true }),
  build: async (_dir, progress) => {
    progress({ step: "build", done: 1, total: 1, message: "built" });
    return { ok: true };
  },
  deploy: async () => ({ ok: true }),
};

type Who = Role | "signed out";
const everyone: Who[] = ["editor", "translator", "reviewer", "clinical-reviewer", "publisher", "admin", "signed out"];
const readers: Who[] = ["editor", "translator", "reviewer", "clinical-reviewer", "publisher", "admin"];

interface Call {
  method: string;
  url: string;
  body?: unknown;
  /** The change set the request names, when it names one. */
  changeSet?: string;
}

interface Route {
  name: string;
  /** The route as the server registers it ("POST /editor/api/changes/:id/review"). */
  route: string;
  allowed: Who[];
  /** Makes what the call needs (a change set in a given state), as someone who may do everything. */
  prepare: () => Promise<Call>;
  /** Prepared again for each caller (the call changes what it acts on for good). */
  fresh?: boolean;
}

let editor: HostedEditor;
let boss: Client;
const clients = new Map<Who, Client>();

async function changeSet(state: "open" | "approved" = "open"): Promise<string> {
  const made = await boss.api<{ id: string }>("POST", "/editor/api/changes", { title: "Matrix" });
  const id = made.body.id;
  if (state === "approved") {
    await boss.api("POST", `/editor/api/changes/${id}/submit`, {});
    await boss.api("POST", `/editor/api/changes/${id}/review`, { verdict: "approved", comment: "" });
  }
  return id;
}

async function openFile(file: string, id?: string) {
  boss.changeSet = id;
  const { body } = await boss.api<{ text: string; hash: string }>(
    "GET",
    `/editor/api/file?path=${encodeURIComponent(file)}`,
  );
  boss.changeSet = undefined;
  return { data: JSON.parse(body.text), hash: body.hash };
}

const nav = "site-config/navigation.json";

let published: Promise<string> | undefined;
/** The navigation as it was before a change this test publishes (once): a version to restore. */
function olderVersion(): Promise<string> {
  published ??= (async () => {
    const id = await changeSet();
    const { data, hash } = await openFile(nav, id);
    data.topBar.callLabel = "Call the hospital";
    boss.changeSet = id;
    await boss.api("PUT", "/editor/api/file", { path: nav, data, baseHash: hash });
    boss.changeSet = undefined;
    // The save answered once committed here; its push follows.
    await editor.idle();
    // Published as another editor instance would have (the publish route has tests of its own):
    // the remote's published branch moves to the change set, without a build here.
    gitIn(editor.workspace.repo, "push", "--quiet", "origin", `refs/remotes/origin/changes/${id}:refs/heads/main`);
    await editor.workspace.fetch();
    const { body } = await boss.api<{ versions: { commit: string }[] }>(
      "GET",
      `/editor/api/history?path=${encodeURIComponent(nav)}&limit=2`,
    );
    return body.versions[1].commit;
  })();
  return published;
}
const collection = "site-config/collections/cardiology-sub-departments.json";

const routes: Route[] = [
  {
    name: "GET files",
    route: "GET /editor/api/files",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: "/editor/api/files" }),
  },
  {
    name: "GET file",
    route: "GET /editor/api/file",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: `/editor/api/file?path=${encodeURIComponent(nav)}` }),
  },
  {
    name: "PUT file (English)",
    route: "PUT /editor/api/file",
    allowed: ["editor"],
    prepare: async () => {
      const id = await changeSet();
      const { data, hash } = await openFile(nav, id);
      data.topBar.callLabel = "Call us";
      return { method: "PUT", url: "/editor/api/file", body: { path: nav, data, baseHash: hash }, changeSet: id };
    },
  },
  {
    name: "GET raw",
    route: "GET /editor/api/raw",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: `/editor/api/raw?path=${encodeURIComponent(nav)}` }),
  },
  {
    name: "PUT raw (English)",
    route: "PUT /editor/api/raw",
    allowed: ["editor"],
    prepare: async () => {
      const id = await changeSet();
      boss.changeSet = id;
      const { body } = await boss.api<{ text: string; hash: string }>(
        "GET",
        `/editor/api/raw?path=${encodeURIComponent(nav)}`,
      );
      boss.changeSet = undefined;
      const text = body.text.replace('"callLabel": "Call"', '"callLabel": "Call now"');
      return { method: "PUT", url: "/editor/api/raw", body: { path: nav, text, baseHash: body.hash }, changeSet: id };
    },
  },
  {
    // Making a translation writes it: editors and its language's translators.
    name: "POST translation (Telugu, new)",
    route: "POST /editor/api/translation",
    allowed: ["editor", "translator"],
    fresh: true,
    prepare: async () => {
      // Every file has a Telugu translation now: this change set's blog posts lose theirs.
      const id = await changeSet();
      rmSync(path.join(editor.workspace.dir(id), "site-config/i18n/te/blog-posts.json"));
      return {
        method: "POST",
        url: "/editor/api/translation",
        body: { path: "site-config/blog-posts.json", lang: "te" },
        changeSet: id,
      };
    },
  },
  {
    // Opening one that exists only reads it: a reviewer reads what they review.
    name: "POST translation (Telugu, existing)",
    route: "POST /editor/api/translation",
    allowed: readers,
    prepare: async () => ({
      method: "POST",
      url: "/editor/api/translation",
      body: { path: "site-config/pages/contact-us.json", lang: "te" },
      changeSet: await changeSet(),
    }),
  },
  {
    name: "GET translation-state",
    route: "GET /editor/api/translation-state",
    allowed: readers,
    prepare: async () => ({
      method: "GET",
      url: `/editor/api/translation-state?path=${encodeURIComponent(nav)}&lang=te`,
    }),
  },
  {
    name: "GET translation-queue",
    route: "GET /editor/api/translation-queue",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: "/editor/api/translation-queue?lang=te" }),
  },
  {
    // A translator of Telugu may not mark Telugu texts reviewed: only a reviewer.
    name: "POST translation-review (Telugu)",
    route: "POST /editor/api/translation-review",
    allowed: ["reviewer"],
    prepare: async () => ({
      method: "POST",
      url: "/editor/api/translation-review",
      body: { path: nav, lang: "te", keys: ["items.home.label"] },
      changeSet: await changeSet(),
    }),
  },
  {
    name: "GET choices",
    route: "GET /editor/api/choices",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: "/editor/api/choices" }),
  },
  {
    name: "POST check",
    route: "POST /editor/api/check",
    allowed: readers,
    prepare: async () => ({
      method: "POST",
      url: "/editor/api/check",
      body: { path: nav, data: (await openFile(nav)).data },
    }),
  },
  {
    name: "GET untranslated",
    route: "GET /editor/api/untranslated",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: `/editor/api/untranslated?path=${encodeURIComponent(collection)}` }),
  },
  {
    name: "GET collection",
    route: "GET /editor/api/collection",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: `/editor/api/collection?path=${encodeURIComponent(collection)}` }),
  },
  {
    name: "GET entry",
    route: "GET /editor/api/entry",
    allowed: readers,
    prepare: async () => ({
      method: "GET",
      url: `/editor/api/entry?path=${encodeURIComponent(collection)}&slug=best-hospital-for-angiography-in-hyderabad`,
    }),
  },
  {
    name: "PUT entry",
    route: "PUT /editor/api/entry",
    allowed: ["editor"],
    prepare: async () => {
      const id = await changeSet();
      boss.changeSet = id;
      const { body } = await boss.api<{ text: string; hash: string }>(
        "GET",
        `/editor/api/entry?path=${encodeURIComponent(collection)}&slug=best-hospital-for-angiography-in-hyderabad`,
      );
      boss.changeSet = undefined;
      const data = JSON.parse(body.text);
      data.name = `${data.name} `.trim();
      return {
        method: "PUT",
        url: "/editor/api/entry",
        body: { path: collection, slug: "best-hospital-for-angiography-in-hyderabad", data, baseHash: body.hash },
        changeSet: id,
      };
    },
  },
  {
    name: "POST duplicate",
    route: "POST /editor/api/duplicate",
    allowed: ["editor"],
    prepare: async () => ({
      method: "POST",
      url: "/editor/api/duplicate",
      body: { path: collection, slug: "best-hospital-for-angiography-in-hyderabad" },
      changeSet: await changeSet(),
    }),
  },
  {
    name: "POST images",
    route: "POST /editor/api/images",
    allowed: ["editor"],
    prepare: async () => ({
      method: "POST",
      url: "/editor/api/images?name=matrix.png",
      body: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
      changeSet: await changeSet(),
    }),
  },
  {
    name: "GET changes",
    route: "GET /editor/api/changes",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: "/editor/api/changes" }),
  },
  {
    name: "POST changes",
    route: "POST /editor/api/changes",
    allowed: ["editor", "translator"],
    prepare: async () => ({ method: "POST", url: "/editor/api/changes", body: { title: "New" } }),
  },
  {
    name: "GET change set",
    route: "GET /editor/api/changes/:id",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: `/editor/api/changes/${await changeSet()}` }),
  },
  {
    name: "POST submit",
    route: "POST /editor/api/changes/:id/submit",
    allowed: ["editor", "translator"],
    prepare: async () => ({ method: "POST", url: `/editor/api/changes/${await changeSet()}/submit`, body: {} }),
  },
  {
    name: "POST review",
    route: "POST /editor/api/changes/:id/review",
    allowed: ["reviewer"],
    prepare: async () => ({
      method: "POST",
      url: `/editor/api/changes/${await changeSet()}/review`,
      body: { verdict: "approved", comment: "Looks right." },
    }),
  },
  {
    name: "POST clinical review",
    route: "POST /editor/api/changes/:id/clinical-review",
    allowed: ["clinical-reviewer"],
    prepare: async () => {
      // A change to a treatment page: medical content, which a doctor approves.
      const id = await changeSet();
      boss.changeSet = id;
      const slug = "best-hospital-for-angiography-in-hyderabad";
      const entry = `/editor/api/entry?path=${encodeURIComponent(collection)}&slug=${slug}`;
      const { body } = await boss.api<{ text: string; hash: string }>("GET", entry);
      const data = JSON.parse(body.text);
      data.meta_description = `${data.meta_description} Reviewed.`;
      await boss.api("PUT", "/editor/api/entry", { path: collection, slug, data, baseHash: body.hash });
      boss.changeSet = undefined;
      return { method: "POST", url: `/editor/api/changes/${id}/clinical-review`, body: { verdict: "approved" } };
    },
  },
  {
    name: "GET reviews due",
    route: "GET /editor/api/reviews-due",
    allowed: ["reviewer", "clinical-reviewer"],
    prepare: async () => ({ method: "GET", url: "/editor/api/reviews-due" }),
  },
  {
    name: "POST update",
    route: "POST /editor/api/changes/:id/update",
    allowed: ["editor", "translator", "publisher"],
    prepare: async () => ({ method: "POST", url: `/editor/api/changes/${await changeSet()}/update`, body: {} }),
  },
  {
    name: "POST publish",
    route: "POST /editor/api/changes/:id/publish",
    allowed: ["publisher"],
    prepare: async () => ({
      method: "POST",
      url: `/editor/api/changes/${await changeSet("approved")}/publish`,
      body: {},
    }),
  },
  {
    name: "GET publish",
    route: "GET /editor/api/changes/:id/publish",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: `/editor/api/changes/${await changeSet()}/publish` }),
  },
  {
    name: "POST withdraw",
    fresh: true,
    route: "POST /editor/api/changes/:id/withdraw",
    allowed: ["editor", "translator"],
    prepare: async () => ({ method: "POST", url: `/editor/api/changes/${await changeSet()}/withdraw`, body: {} }),
  },
  {
    name: "GET readiness",
    route: "GET /editor/api/changes/:id/readiness",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: `/editor/api/changes/${await changeSet()}/readiness` }),
  },
  {
    name: "POST preview",
    route: "POST /editor/api/changes/:id/preview",
    allowed: readers,
    prepare: async () => ({ method: "POST", url: `/editor/api/changes/${await changeSet()}/preview`, body: {} }),
  },
  {
    name: "GET history",
    route: "GET /editor/api/history",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: `/editor/api/history?path=${encodeURIComponent(collection)}&limit=2` }),
  },
  {
    name: "GET history version",
    route: "GET /editor/api/history/version",
    allowed: readers,
    prepare: async () => ({
      method: "GET",
      url: `/editor/api/history/version?path=${encodeURIComponent(nav)}&commit=${await olderVersion()}`,
    }),
  },
  {
    name: "POST history restore (English)",
    route: "POST /editor/api/history/restore",
    allowed: ["editor"],
    prepare: async () => ({
      method: "POST",
      url: "/editor/api/history/restore",
      body: { path: nav, commit: await olderVersion() },
    }),
  },
  {
    name: "GET me",
    route: "GET /editor/api/me",
    allowed: readers,
    prepare: async () => ({ method: "GET", url: "/editor/api/me" }),
  },
  {
    name: "GET people",
    route: "GET /editor/api/people",
    allowed: ["admin"],
    prepare: async () => ({ method: "GET", url: "/editor/api/people" }),
  },
  {
    name: "POST people",
    route: "POST /editor/api/people",
    allowed: ["admin"],
    prepare: async () => ({
      method: "POST",
      url: "/editor/api/people",
      body: {
        email: `new-${Math.random().toString(36).slice(2)}@hospital.example`,
        name: "New person",
        roles: ["editor"],
        languages: [],
      },
    }),
  },
  {
    name: "PUT people",
    route: "PUT /editor/api/people/:id",
    allowed: ["admin"],
    prepare: async () => {
      const { body } = await boss.api<{ people: { id: string; email: string }[] }>("GET", "/editor/api/people");
      const someone = body.people.find((p) => p.email === "reviewer@hospital.example");
      return { method: "PUT", url: `/editor/api/people/${someone?.id}`, body: { roles: ["reviewer"], languages: [] } };
    },
  },
  {
    name: "GET audit",
    route: "GET /editor/api/audit",
    allowed: ["admin"],
    prepare: async () => ({ method: "GET", url: "/editor/api/audit" }),
  },
];

beforeAll(async () => {
  editor = await startTestEditor({ steps });
  await editor.person("boss@hospital.example", ["admin", "editor", "reviewer", "publisher"]);
  boss = await editor.signIn("boss@hospital.example");
  for (const role of everyone) {
    if (role === "signed out") {
      clients.set(role, new Client(editor.origin));
      continue;
    }
    const email = await editor.person(
      `${role}@hospital.example`,
      [role],
      role === "translator" ? ["te"] : [],
      true,
      role === "clinical-reviewer" ? "dr-anjali-example" : undefined,
    );
    clients.set(role, await editor.signIn(email));
  }
}, 120_000);

afterAll(async () => {
  await editor?.stop();
}, 300_000);

describe("the hosted editor's roles", { timeout: 120_000 }, () => {
  it("covers every API route the server has", () => {
    const served = editor.routes.filter((r) => r.split(" ")[1].startsWith("/editor/api/"));
    // Sign-out ends the client's session: tests/editor/auth/ covers those two.
    const signOut = ["POST /editor/api/sign-out", "POST /editor/api/sign-out-everywhere"];
    expect([...served].sort()).toEqual([...new Set(routes.map((r) => r.route)), ...signOut].sort());
  });

  for (const route of routes) {
    it(`${route.name}: allowed for ${route.allowed.join(", ")}, 403 for everyone else`, async () => {
      const seen: string[] = [];
      // One change set serves every caller: a refused call changes nothing, an allowed one can be repeated.
      const shared = route.fresh ? undefined : await route.prepare();
      for (const who of everyone) {
        const call = shared ?? (await route.prepare());
        const client = clients.get(who) as Client;
        client.changeSet = call.changeSet;
        const { status, body } = await client.api(call.method, call.url, call.body);
        client.changeSet = undefined;
        const allowed = route.allowed.includes(who);
        seen.push(`${who}: ${status}`);
        if (allowed) {
          expect(status, `${who} ${route.name}: ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(400);
        } else {
          expect(status, `${who} ${route.name}: ${JSON.stringify(body).slice(0, 300)}`).toBe(403);
        }
      }
      expect(seen).toHaveLength(everyone.length);
    });
  }
});

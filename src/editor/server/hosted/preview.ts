/**
 * Previews of a change set: the real built pages of its branch, made by the project's own build
 * in the change set's worktree (incremental after the first), and opened on the editor's own
 * origin at the site's own paths, so a reviewer can follow every link, on a phone too. The
 * `editor-preview` cookie says which change set a browser is looking at; "Back to the published
 * site" clears it. Signed out, nobody gets here (the auth plugin's guard).
 *
 * For "before and after" side by side, a published page is also served at
 * /editor/published/page/<its path>, whatever the cookie says: the app frames it beside the same
 * path seen through the change set's preview.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { allow } from "../auth";
import type { PublishSteps, SiteWorkspace, StepResult } from "../changes";
import { HttpError } from "../http-error";
import { previewCookie } from "./files";
import { mayRead } from "./roles";

export interface PreviewOptions {
  workspace: SiteWorkspace;
  /** The project's build (changes/steps.ts), run in the change set's worktree. */
  build: PublishSteps["build"];
}

type WithId = { Params: { id: string } };

export async function previewRoutes(app: FastifyInstance, options: PreviewOptions) {
  const { workspace } = options;
  const { build } = options;
  /** One build per change set at a time; a second ask waits for the one under way. */
  const building = new Map<string, Promise<StepResult>>();

  app.post<WithId>("/editor/api/changes/:id/preview", { preHandler: allow(mayRead) }, async (request) => {
    const { id } = request.params;
    if (!/^[a-f0-9]{6,40}$/.test(id)) throw new HttpError(404, "There is no change set with that id.");
    let run = building.get(id);
    if (!run) {
      const dir = await workspace.ensure(id);
      run = build(dir, () => undefined).finally(() => building.delete(id));
      building.set(id, run);
    }
    const result = await run;
    if (!result.ok) throw new HttpError(409, `The preview could not be built. ${result.message}`);
    return { url: `/editor/changes/${id}/site` };
  });

  app.get<WithId>("/editor/changes/:id/site", { preHandler: allow(mayRead) }, async (request, reply) => {
    const { id } = request.params;
    if (!/^[a-f0-9]{6,40}$/.test(id)) throw new HttpError(404, "There is no change set with that id.");
    const secure = request.protocol === "https" ? "; Secure" : "";
    return reply
      .header("Set-Cookie", `${previewCookie}=${id}; Path=/; HttpOnly; SameSite=Lax${secure}`)
      .redirect("/home");
  });

  app.get<{ Params: { "*": string } }>(
    "/editor/published/page/*",
    { preHandler: allow(mayRead) },
    async (request, reply) => {
      const root = path.join(workspace.publishedDir(), "dist");
      const page = path.resolve(root, `./${request.params["*"]}`, "index.html");
      const html = page.startsWith(root + path.sep) ? await readFile(page, "utf8").catch(() => undefined) : undefined;
      if (html === undefined)
        throw new HttpError(404, "That page is not on the published site: it may be new in this change set.");
      return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(html);
    },
  );

  app.get("/editor/published/site", { preHandler: allow(mayRead) }, async (request, reply) => {
    const secure = request.protocol === "https" ? "; Secure" : "";
    return reply
      .header("Set-Cookie", `${previewCookie}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`)
      .redirect("/home");
  });
}

/**
 * Previews of a change set: the real built pages of its branch, made by the project's own build
 * in the change set's worktree (incremental after the first), and opened on the editor's own
 * origin at the site's own paths, so a reviewer can follow every link, on a phone too. The
 * `editor-preview` cookie says which change set a browser is looking at; "Back to the published
 * site" clears it. Signed out, nobody gets here (the auth plugin's guard).
 */
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

  app.get("/editor/published/site", { preHandler: allow(mayRead) }, async (request, reply) => {
    const secure = request.protocol === "https" ? "; Secure" : "";
    return reply
      .header("Set-Cookie", `${previewCookie}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`)
      .redirect("/home");
  });
}

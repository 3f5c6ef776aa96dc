/** Calls to the hosted editor's people and change set API. */
import type {
  ChangeSetDetail,
  ChangeSetSummary,
  MeResponse,
  PickView,
  PublishState,
  ReadinessResponse,
  ReviewsDueView,
  UpdateResponse,
} from "../../shared/changes-api";
import { changesPaths } from "../../shared/changes-api";
import { call } from "../session";

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `The editor server answered ${response.status}.`);
  return body;
}

const post = (url: string, body: unknown = {}) =>
  call(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** Who is signed in; `npm run edit` answers 404 here, which means the local, sign-in-free editor. */
export async function readMe(): Promise<MeResponse> {
  const response = await fetch(changesPaths.me, { cache: "no-store" });
  if (response.status === 404) return { mode: "local", person: null };
  const body = await json<Omit<MeResponse, "mode">>(response);
  return { ...body, mode: "hosted" };
}

export const listChangeSets = async (): Promise<ChangeSetSummary[]> =>
  json(await call(changesPaths.changes, { cache: "no-store" }));
export const startChangeSet = async (title: string): Promise<ChangeSetSummary> =>
  json(await post(changesPaths.changes, { title }));
export const readChangeSet = async (id: string): Promise<ChangeSetDetail> =>
  json(await call(changesPaths.change(id), { cache: "no-store" }));
export const submitChangeSet = async (id: string): Promise<ChangeSetSummary> =>
  json(await post(changesPaths.submit(id)));
export const reviewChangeSet = async (
  id: string,
  verdict: "approved" | "changes-requested",
  comment: string,
): Promise<ChangeSetSummary> => json(await post(changesPaths.review(id), { verdict, comment }));
export const clinicalReviewChangeSet = async (
  id: string,
  verdict: "approved" | "changes-requested",
  comment: string,
): Promise<unknown> => json(await post(changesPaths.clinicalReview(id), { verdict, comment }));
export const readReviewsDue = async (): Promise<ReviewsDueView> =>
  json(await call(changesPaths.reviewsDue, { cache: "no-store" }));
export const updateChangeSet = async (id: string, picks?: PickView[]): Promise<UpdateResponse> =>
  json(await post(changesPaths.update(id), { picks }));
export const publishChangeSet = async (id: string, picks?: PickView[]): Promise<PublishState> =>
  json(await post(changesPaths.publish(id), { picks }));
export const publishState = async (id: string): Promise<PublishState> =>
  json(await call(changesPaths.publish(id), { cache: "no-store" }));
export const withdrawChangeSet = async (id: string): Promise<ChangeSetSummary> =>
  json(await post(changesPaths.withdraw(id)));
export const checkReadiness = async (id: string): Promise<ReadinessResponse> =>
  json(await call(changesPaths.readiness(id), { cache: "no-store" }));
export const buildPreview = async (id: string): Promise<{ url: string }> => json(await post(changesPaths.preview(id)));
export const signOut = async (everywhere: boolean) =>
  json(await post(everywhere ? "/editor/api/sign-out-everywhere" : "/editor/api/sign-out"));

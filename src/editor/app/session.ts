/**
 * Who is signed in and which change set the app works on, for every request the app makes: the
 * hosted editor wants the session's token on every write and the change set in a header. With
 * `npm run edit` (mode "local") there is neither, and requests go as they are.
 */
import { changeSetHeader, csrfHeader, type MeResponse } from "../shared/changes-api";

const state: { me: MeResponse; changeSet: string | undefined } = {
  me: { mode: "local", person: null },
  changeSet: undefined,
};

const storageKey = "editor-change-set";

export function session() {
  return state;
}

export function setMe(me: MeResponse) {
  state.me = me;
  if (me.mode === "hosted") state.changeSet = window.localStorage.getItem(storageKey) ?? undefined;
}

export function setChangeSet(id: string | undefined) {
  state.changeSet = id;
  if (id) window.localStorage.setItem(storageKey, id);
  else window.localStorage.removeItem(storageKey);
}

/** `fetch` with the session's token and the change set added. */
export function call(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (state.me.csrfToken) headers.set(csrfHeader, state.me.csrfToken);
  if (state.changeSet) headers.set(changeSetHeader, state.changeSet);
  return fetch(url, { ...init, headers });
}

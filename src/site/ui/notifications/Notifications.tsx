/**
 * Notifications (spec sections 4 and 9): top-right, fading out after their time-out (error 4500 ms,
 * info and success 3500 ms, 300 ms fade, 320 px wide at most; timings from site.notifications).
 *
 * Screen readers hear them through two live regions that are always in the page (a region added
 * together with its text is often not announced): errors in an assertive one (role=alert), info
 * and success in a polite one (role=status).
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { site } from "../../config/site-config";
import { useUi } from "../../i18n/context";
import "./notifications.css";

/** The three kinds of notification. */
export type NotificationKind = "error" | "info" | "success";

/** Shows a notification. */
export type Notify = (kind: NotificationKind, message: string) => void;

interface Note {
  id: number;
  kind: NotificationKind;
  message: string;
  leaving: boolean;
}

const NotifyContext = createContext<Notify | null>(null);

function durationOf(kind: NotificationKind): number {
  const t = site.notifications;
  return kind === "error" ? t.errorMs : kind === "info" ? t.infoMs : t.successMs;
}

/** Holds the notifications of the whole app; mounted once at its root. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notes, setNotes] = useState<Note[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const later = useCallback((id: number, ms: number, run: () => void) => {
    const existing = timers.current.get(id);
    if (existing !== undefined) clearTimeout(existing);
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        run();
      }, ms),
    );
  }, []);

  // The list lives in a ref as well, so notify() can decide synchronously whether a message is
  // already showing; the state copy is what renders.
  const current = useRef<Note[]>([]);
  const commit = useCallback((next: Note[]) => {
    current.current = next;
    setNotes(next);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      commit(current.current.map((n) => (n.id === id ? { ...n, leaving: true } : n)));
      later(id, site.notifications.fadeMs, () => commit(current.current.filter((n) => n.id !== id)));
    },
    [later, commit],
  );

  const notify = useCallback<Notify>(
    (kind, message) => {
      // The same message shown again (a second click on an invalid form) restarts the one on
      // screen rather than stacking copies.
      const same = current.current.find((n) => !n.leaving && n.kind === kind && n.message === message);
      const id = same ? same.id : nextId.current++;
      if (!same) commit([...current.current, { id, kind, message, leaving: false }]);
      later(id, durationOf(kind), () => dismiss(id));
    },
    [later, dismiss, commit],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const ui = useUi();
  const errors = useMemo(() => notes.filter((n) => n.kind === "error"), [notes]);
  const others = useMemo(() => notes.filter((n) => n.kind !== "error"), [notes]);
  const render = (n: Note) => (
    <div
      key={n.id}
      className={`notification notification--${n.kind}${n.leaving ? " notification--leaving" : ""}`}
      data-kind={n.kind}
    >
      <p className="notification__message">{n.message}</p>
      <button
        type="button"
        className="notification__close"
        aria-label={ui.notifications.dismiss}
        onClick={() => dismiss(n.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <section className="notifications" aria-label={ui.notifications.region}>
        <div role="alert" aria-live="assertive" aria-atomic="false" className="notifications__region">
          {errors.map(render)}
        </div>
        <div role="status" aria-live="polite" aria-atomic="false" className="notifications__region">
          {others.map(render)}
        </div>
      </section>
    </NotifyContext.Provider>
  );
}

let warned = false;

/**
 * The function that shows a notification. Outside a NotificationsProvider it only logs (once), so
 * a page mounted without the provider still works.
 */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (notify) return notify;
  return (kind, message) => {
    if (!warned) {
      warned = true;
      console.error("useNotify: no NotificationsProvider above this component; notifications are not shown.");
    }
    console.info(`[${kind}] ${message}`);
  };
}

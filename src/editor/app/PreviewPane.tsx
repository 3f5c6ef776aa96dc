/**
 * The live preview beside the form: a frame running the site's real layout and blocks
 * (/editor/preview), sent the draft on every change. It tells back which address it shows, so
 * the pane can link to that page of the site as saved, and which entries a page can be shown
 * for (one page per branch, per speciality, per treatment).
 *
 * A draft with errors is not sent: the frame keeps the last version without errors, and the pane
 * says so. It opens at a desktop's width, scaled to fit, so the desktop header shows (a menu
 * label is only visible there); Width switches to a phone or to the pane's own width.
 */
import { type CSSProperties, useEffect, useMemo, useRef, useState } from "react";
import type { ConfigFileInfo } from "../shared/config-files";
import type { Part, Split } from "../shared/parts";
import { isPreviewMessage, type PreviewEntry, type RenderMessage } from "../shared/preview-protocol";

interface PreviewPaneProps {
  info: ConfigFileInfo;
  doc: Record<string, unknown>;
  part: Part;
  split?: Split;
  /** Preview in this language, with this draft translation of `doc`. */
  lang?: string;
  strings?: Record<string, string>;
  /** Whether the draft has no errors as the person types; one with errors is not shown. */
  valid?: boolean;
}

type Width = "pane" | "desktop" | "phone";

const desktopWidth = 1280;
const phoneWidth = 390;

/** The frame's size: the pane's, a phone's, or a desktop's scaled down to fit the pane. */
function frameStyle(width: Width, stage: { width: number; height: number }): CSSProperties {
  if (width === "phone") return { width: phoneWidth, height: "100%", flex: "none" };
  if (width === "pane" || stage.width === 0) return { width: "100%", height: "100%" };
  const scale = Math.min(1, stage.width / desktopWidth);
  return {
    width: desktopWidth,
    height: stage.height / scale,
    flex: "none",
    transform: `scale(${scale})`,
    transformOrigin: "top left",
  };
}

interface Shown {
  route?: string;
  entries: PreviewEntry[];
  entry?: string;
  note?: string;
}

const widths: { value: Width; label: string; title: string }[] = [
  { value: "desktop", label: "Desktop", title: `A desktop, ${desktopWidth} px wide, scaled to fit` },
  { value: "phone", label: "Phone", title: `A phone, ${phoneWidth} px wide` },
  { value: "pane", label: "Fit pane", title: "As wide as this pane" },
];

/** Said above the frame while the draft has errors. */
export const lastValidNote =
  "Showing your last version without errors: fix the fields marked in red to see your latest change here.";

export function PreviewPane({ info, doc, part, valid = true, lang, strings }: PreviewPaneProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [entry, setEntry] = useState<string>();
  const [shown, setShown] = useState<Shown>({ entries: [] });
  const [width, setWidth] = useState<Width>("desktop");
  // The last draft without errors: what the frame shows while the current one has some.
  const lastValid = useRef(doc);
  if (valid) lastValid.current = doc;
  const shownDoc = valid ? doc : lastValid.current;
  const stage = useRef<HTMLDivElement>(null);
  const [stageSize, setStageSize] = useState({ width: 0, height: 0 });

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) =>
      setStageSize({ width: entry.contentRect.width, height: entry.contentRect.height }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (!isPreviewMessage(event.data)) return;
      if (event.data.type === "ready") setReady(true);
      else {
        const { route, entry: current, note } = event.data;
        // A view of a whole one-file collection in a language names no entries.
        const entries = event.data.entries ?? [];
        setShown((s) =>
          s.route === route && s.entry === current && s.note === note && s.entries.length === entries.length
            ? s
            : { route, entries, entry: current, note },
        );
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const message: RenderMessage = {
      source: "site-editor",
      type: "render",
      path: info.path,
      kind: info.kind,
      schema: info.schema,
      doc: shownDoc,
      part,
      entry,
      ...(lang ? { lang, strings } : {}),
    };
    // One message per frame is enough, however fast the person types.
    const id = requestAnimationFrame(() => frame.current?.contentWindow?.postMessage(message, window.location.origin));
    return () => cancelAnimationFrame(id);
  }, [ready, info, shownDoc, part, entry, lang, strings]);
  const note = valid ? shown.note : lastValidNote;
  const style = useMemo(() => frameStyle(width, stageSize), [width, stageSize]);

  return (
    <section className="preview" aria-label="Live preview">
      <div className="preview__bar">
        <h3>Live preview</h3>
        {shown.entries.length > 1 ? (
          <label>
            Show{" "}
            <select value={shown.entry ?? ""} onChange={(event) => setEntry(event.target.value)}>
              {shown.entries.map((e) => (
                <option key={e.slug} value={e.slug}>
                  {e.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <fieldset className="preview__widths">
          <legend>Width</legend>
          {widths.map((w) => (
            <button
              key={w.value}
              type="button"
              className={`btn btn-small${width === w.value ? " is-pressed" : ""}`}
              aria-pressed={width === w.value}
              title={w.title}
              onClick={() => setWidth(w.value)}
            >
              {w.label}
            </button>
          ))}
        </fieldset>
        {shown.route && !shown.route.includes(":") ? (
          <a href={shown.route} target="_blank" rel="noreferrer" title="The page as saved, on the site">
            {shown.route} as saved ↗
          </a>
        ) : null}
      </div>
      {note ? (
        <p className={`preview__note${valid ? "" : " preview__note--stale"}`} role="status">
          {note}
        </p>
      ) : null}
      <div ref={stage} className={`preview__stage${width === "desktop" ? " preview__stage--scaled" : ""}`}>
        <iframe
          ref={frame}
          className="preview__frame"
          title="Live preview of the page"
          src="/editor/preview"
          style={style}
        />
      </div>
    </section>
  );
}

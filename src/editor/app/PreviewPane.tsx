/**
 * The live preview beside the form: a frame running the site's real layout and blocks
 * (/editor/preview), sent the draft on every change. It tells back which address it shows, so
 * the pane can link to that page of the site as saved, and which entries a page can be shown
 * for (one page per branch, per speciality, per treatment).
 */
import { type CSSProperties, useEffect, useRef, useState } from "react";
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

export function PreviewPane({ info, doc, part, lang, strings }: PreviewPaneProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [entry, setEntry] = useState<string>();
  const [shown, setShown] = useState<Shown>({ entries: [] });
  const [width, setWidth] = useState<Width>("pane");
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
        const { route, entries, entry: current, note } = event.data;
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
      doc,
      part,
      entry,
      ...(lang ? { lang, strings } : {}),
    };
    // One message per frame is enough, however fast the person types.
    const id = requestAnimationFrame(() => frame.current?.contentWindow?.postMessage(message, window.location.origin));
    return () => cancelAnimationFrame(id);
  }, [ready, info, doc, part, entry, lang, strings]);

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
        <label>
          Width{" "}
          <select value={width} onChange={(event) => setWidth(event.target.value as Width)}>
            <option value="pane">This pane</option>
            <option value="desktop">Desktop ({desktopWidth} px, scaled)</option>
            <option value="phone">Phone ({phoneWidth} px)</option>
          </select>
        </label>
        {shown.route && !shown.route.includes(":") ? (
          <a href={shown.route} target="_blank" rel="noreferrer" title="The page as saved, on the site">
            {shown.route} as saved ↗
          </a>
        ) : null}
      </div>
      {shown.note ? <p className="preview__note">{shown.note}</p> : null}
      <div ref={stage} className={`preview__stage${width === "desktop" ? " preview__stage--scaled" : ""}`}>
        <iframe
          ref={frame}
          className="preview__frame"
          title="Live preview of the page"
          src="/editor/preview"
          style={frameStyle(width, stageSize)}
        />
      </div>
    </section>
  );
}

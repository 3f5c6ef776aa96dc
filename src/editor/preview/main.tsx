/**
 * Entry of the preview frame (/editor/preview): the site's styles and layout, showing the drafts
 * the editor posts. Links and form submissions are switched off so the frame stays on the draft
 * and sends no leads.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { EDITOR_MARKER } from "../shared/marker";
import { PreviewApp, preparePreview } from "./PreviewApp";
import "../../site";
import "../app/fonts.css";
import "./preview.css";

document.documentElement.dataset.editor = EDITOR_MARKER;

// Capture phase, on the window: before the site's links and react-hook-form's handlers.
window.addEventListener(
  "click",
  (event) => {
    const anchor = (event.target as Element | null)?.closest?.("a[href]");
    if (anchor) event.preventDefault();
  },
  true,
);
window.addEventListener(
  "submit",
  (event) => {
    event.preventDefault();
    event.stopPropagation();
  },
  true,
);

const container = document.getElementById("root");
if (!container) throw new Error("The preview page has no #root element.");
await preparePreview();
createRoot(container).render(
  <StrictMode>
    <PreviewApp />
  </StrictMode>,
);

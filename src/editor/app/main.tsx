/**
 * Entry of the content editor (/editor/, served by `npm run edit`). Development only: nothing
 * the public site imports leads here, and tests check the build holds none of it.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { EditorApp } from "./EditorApp";
import "./fonts.css";
import "./styles/index.css";

const container = document.getElementById("root");
if (!container) throw new Error("The editor page has no #root element.");
createRoot(container).render(
  <StrictMode>
    <EditorApp />
  </StrictMode>,
);

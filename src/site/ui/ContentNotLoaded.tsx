import { messages } from "./renderer-text";
import "./content-not-loaded.css";

/** The spec's in-place notice for content that could not be shown. */
export function ContentNotLoaded() {
  return (
    <div className="content-not-loaded" role="alert">
      <h2>{messages.contentNotLoaded.title}</h2>
      <p>{messages.contentNotLoaded.detail}</p>
    </div>
  );
}

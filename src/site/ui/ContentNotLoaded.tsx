import { useFallbackLang, useUi } from "../i18n/context";
import "./content-not-loaded.css";

/** The spec's in-place notice for content that could not be shown. */
export function ContentNotLoaded() {
  const { contentNotLoaded } = useUi();
  const langOf = useFallbackLang();
  return (
    <div className="content-not-loaded" role="alert">
      <h2 lang={langOf(contentNotLoaded.title)}>{contentNotLoaded.title}</h2>
      <p lang={langOf(contentNotLoaded.detail)}>{contentNotLoaded.detail}</p>
    </div>
  );
}

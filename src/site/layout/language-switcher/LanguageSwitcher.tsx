/**
 * The language switcher in the header: one plain link per language to the same page in it. Plain
 * anchors, not the app's links: they work before the page's script runs, and the page they open
 * arrives prerendered in its language, with its lang, its fonts and its own texts. Each link says
 * its language (`hreflang` for where it goes, `lang` for how its name is read aloud).
 */
import { useLanguage, useRoutePath, useUi } from "../../i18n/context";
import { languages, pathIn } from "../../i18n/languages";
import "./language-switcher.css";

export function LanguageSwitcher() {
  const lang = useLanguage();
  const route = useRoutePath();
  const ui = useUi();
  if (languages.length < 2) return null;
  return (
    <nav className="language-switcher" aria-label={ui.layout.languages}>
      <ul className="language-switcher__list">
        {languages.map((language) => (
          <li key={language.code}>
            <a
              className="language-switcher__link"
              href={pathIn(route, language.code)}
              hrefLang={language.code}
              lang={language.code}
              aria-current={language.code === lang ? "true" : undefined}
            >
              {language.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

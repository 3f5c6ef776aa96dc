/**
 * A treatment page: finds the treatment for the address (its own data file; aliases and fuzzy
 * matching through the collection's index when the address names no treatment), sets title, description and canonical from the treatment, scrolls to the top
 * when the treatment changes, and renders the collection's template. An unknown slug follows the
 * presentation: redirect (cardiology: log and go to /) or notice (orthopedics: log the available
 * slugs and show 'Content Not Loaded'). In another language the page waits for the treatment's
 * texts as it waits for its data (a prerendered page carries both), so it never shows English first.
 */
import { use, useEffect, useMemo } from "react";
import type { CollectionPresentation } from "../../shared/generated/presentation";
import { BlockList } from "../blocks/BlockList";
import { requestedSlug } from "../collections/resolve";
import { TreatmentContext } from "../collections/treatment-context";
import { presentationStrings, translateTreatment } from "../collections/treatment-language";
import { treatmentTexts } from "../collections/treatment-texts";
import { useTracked, useTreatmentLookup } from "../collections/use-collection";
import { presentationFiles } from "../config/presentations";
import { ContentLanguage, useLanguage, useLocalPath, useRoutePath, useUi } from "../i18n/context";
import { defaultLanguage } from "../i18n/languages";
import { useNavigate, useNavigationType, useParams } from "../router/router";
import { useHead } from "../seo/head";
import { ContentNotLoaded } from "../ui/ContentNotLoaded";
import "./page-loading.css";

export { presentationStrings } from "../collections/treatment-language";

/** The presentation config in `file` (site-config/collections/{id}.presentation.json). */
export function presentationOf(file: string): CollectionPresentation {
  const presentation = presentationFiles[file];
  if (!presentation) throw new Error(`There is no presentation config ${file}.`);
  return presentation;
}

const noTexts: Readonly<Record<string, string>> = {};

interface TreatmentPageProps {
  presentation: CollectionPresentation;
  file: string;
}

export function TreatmentPage({ presentation: englishPresentation, file }: TreatmentPageProps) {
  const lang = useLanguage();
  const ui = useUi();
  const localPath = useLocalPath();
  // Loaded with the route (route-data.ts), so reading them here does not suspend a hydration.
  const templateStrings = use(presentationStrings(file, lang));
  const presentation = englishPresentation;
  const params = useParams();
  // The address as the default language has it: the slug may be read from its third segment.
  const pathname = useRoutePath();
  const navigate = useNavigate();
  const slug = requestedSlug(params.slug, pathname, presentation.slugFromUrlSegment);
  const lookup = useTreatmentLookup(presentation, slug);
  const result = lookup && "value" in lookup ? lookup.value : undefined;
  const data = result && "found" in result ? result.found : undefined;
  const english = data?.sub_departments[0];
  const available = result && "missing" in result ? result.missing : undefined;
  // The treatment's own texts in the page's language: at once when the page carries them.
  const texts = useTracked(data ? treatmentTexts(presentation.dataFile, data, lang) : undefined);
  // (Its loader never fails: it falls back to English itself. Were it to, English it is.)
  const ownTexts = texts === undefined || "loading" in texts ? undefined : "value" in texts ? texts.value : noTexts;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the treatment, not the object.
  const shown = useMemo(
    () =>
      english && (ownTexts || lang === defaultLanguage)
        ? translateTreatment(
            english,
            englishPresentation,
            lang === defaultLanguage ? undefined : { data: ownTexts ?? {}, presentation: templateStrings },
          )
        : undefined,
    [english?.slug, englishPresentation, templateStrings, ownTexts, data, lang],
  );
  const subDepartment = shown?.subDepartment;

  useEffect(() => {
    if (!available) return;
    const { unknownSlug } = presentation;
    if (unknownSlug.action === "redirect") {
      console.error(unknownSlug.log, slug);
      navigate(localPath(unknownSlug.to ?? "/"), { replace: true });
    } else {
      console.error(unknownSlug.log, available);
    }
  }, [available, slug, presentation, navigate, localPath]);

  // Back and forward restore the reader's position (use-scroll-restoration.ts); any other arrival, and a
  // change of treatment, starts at the top as the spec says.
  const navigationType = useNavigationType();
  useEffect(() => {
    if (subDepartment && navigationType !== "POP") window.scrollTo(0, 0);
  }, [subDepartment, navigationType]);

  useHead(
    subDepartment
      ? {
          title: subDepartment.meta_title,
          description: subDepartment.meta_description,
          canonical: subDepartment.canonical_url,
        }
      : null,
  );

  // Kept while the treatment stays the same: the blocks must not see a new context for the same
  // treatment, or a form still waiting for its code would lose its server HTML (lazy-lead-form.tsx).
  const speciality = data?.speciality;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the treatment, not the object.
  const treatment = useMemo(
    () =>
      subDepartment && shown && speciality !== undefined
        ? { subDepartment, presentation: shown.presentation, speciality }
        : null,
    [subDepartment?.slug, shown, speciality],
  );

  if ((lookup !== undefined && "loading" in lookup) || (texts !== undefined && "loading" in texts)) {
    return (
      <div className="container page-loading" aria-busy="true">
        <p>{ui.layout.loading}</p>
      </div>
    );
  }
  if (!subDepartment?.content) {
    return presentation.unknownSlug.action === "redirect" && available ? null : (
      <div className="container">
        <ContentNotLoaded />
      </div>
    );
  }
  return (
    <ContentLanguage english={shown?.english ?? []}>
      <TreatmentContext.Provider value={treatment}>
        <article className="treatment-page" key={subDepartment.slug}>
          <BlockList blocks={shown?.presentation.template ?? []} source={{ file, pointer: "/template" }} />
        </article>
      </TreatmentContext.Provider>
    </ContentLanguage>
  );
}

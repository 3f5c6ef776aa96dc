/**
 * A treatment page: finds the treatment for the address (its own data file; aliases and fuzzy
 * matching through the collection's index when the address names no treatment), sets title, description and canonical from the treatment, scrolls to the top
 * when the treatment changes, and renders the collection's template. An unknown slug follows the
 * presentation: redirect (cardiology: log and go to /) or notice (orthopedics: log the available
 * slugs and show 'Content Not Loaded').
 */
import { useEffect, useMemo } from "react";
import { useLocation, useNavigate, useNavigationType, useParams } from "react-router-dom";
import type { CollectionPresentation } from "../../shared/generated/presentation";
import { BlockList } from "../blocks/BlockList";
import { requestedSlug } from "../collections/resolve";
import { TreatmentContext } from "../collections/treatment-context";
import { useTreatmentLookup } from "../collections/use-collection";
import { presentationFiles } from "../config/presentations";
import { useHead } from "../seo/head";
import { ContentNotLoaded } from "../ui/ContentNotLoaded";
import "./page-loading.css";

/** The presentation config in `file` (site-config/collections/{id}.presentation.json). */
export function presentationOf(file: string): CollectionPresentation {
  const presentation = presentationFiles[file];
  if (!presentation) throw new Error(`There is no presentation config ${file}.`);
  return presentation;
}

interface TreatmentPageProps {
  presentation: CollectionPresentation;
  file: string;
}

export function TreatmentPage({ presentation, file }: TreatmentPageProps) {
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const slug = requestedSlug(params.slug, pathname, presentation.slugFromUrlSegment);
  const lookup = useTreatmentLookup(presentation, slug);
  const result = lookup && "value" in lookup ? lookup.value : undefined;
  const data = result && "found" in result ? result.found : undefined;
  const subDepartment = data?.sub_departments[0];
  const available = result && "missing" in result ? result.missing : undefined;

  useEffect(() => {
    if (!available) return;
    const { unknownSlug } = presentation;
    if (unknownSlug.action === "redirect") {
      console.error(unknownSlug.log, slug);
      navigate(unknownSlug.to ?? "/", { replace: true });
    } else {
      console.error(unknownSlug.log, available);
    }
  }, [available, slug, presentation, navigate]);

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
    () => (subDepartment && speciality !== undefined ? { subDepartment, presentation, speciality } : null),
    [subDepartment?.slug, presentation, speciality],
  );

  if (lookup !== undefined && "loading" in lookup) {
    return (
      <div className="container page-loading" aria-busy="true">
        <p>Loading…</p>
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
    <TreatmentContext.Provider value={treatment}>
      <article className="treatment-page" key={subDepartment.slug}>
        <BlockList blocks={presentation.template} source={{ file, pointer: "/template" }} />
      </article>
    </TreatmentContext.Provider>
  );
}

/**
 * A medically reviewed treatment, speciality or article page's JSON-LD says who reviewed it and
 * when, in schema.org's own vocabulary (every type and property checked against it,
 * tests/helpers/schema-org.ts).
 */
import { describe, expect, it } from "vitest";
import type { SubDepartment } from "../../src/shared/generated/collection";
import { treatmentPage, webPage } from "../../src/site/seo/structured-data";
import { schemaOrgProblems } from "../helpers/schema-org";

const treatment = {
  slug: "heart-failure",
  name: "Heart Failure",
  url: "/specialities/cardiology/heart-failure",
  meta_title: "Heart Failure Treatment",
  meta_description: "Care for heart failure.",
  canonical_url: "https://www.hospitals.example/specialities/cardiology/heart-failure",
  review: { reviewer: "dr-anjali-example", reviewed: "2026-02-16" },
  content: { faqs: [{ question: "Is it curable?", answer: "It can be managed." }] },
} as SubDepartment;

const reviewer = {
  name: "Dr. Anjali Example",
  url: "https://www.hospitals.example/our-doctors?name=Dr.+Anjali+Example",
};

describe("a reviewed treatment page's JSON-LD", () => {
  it("carries reviewedBy and lastReviewed on the MedicalWebPage, in schema.org's vocabulary", () => {
    const [page, faqs] = treatmentPage(treatment, "Cardiology", "en", treatment.canonical_url, reviewer);
    expect(page).toMatchObject({
      "@type": "MedicalWebPage",
      reviewedBy: { "@type": "Person", ...reviewer },
      lastReviewed: "2026-02-16",
    });
    expect(schemaOrgProblems([page, faqs])).toEqual([]);
  });

  it("has neither without a review", () => {
    const [page] = treatmentPage({ ...treatment, review: undefined }, "Cardiology", "en", undefined, reviewer);
    expect(page).not.toHaveProperty("reviewedBy");
    expect(page).not.toHaveProperty("lastReviewed");
  });

  it("a speciality's page is a MedicalWebPage carrying them too, and an article's a WebPage", () => {
    const review = { reviewer: "dr-suresh-demo", reviewed: "2026-06-15" };
    const url = "https://www.hospitals.example/specialities/orthopedic";
    const speciality = webPage("Orthopedic", url, "te", { type: "MedicalWebPage", review, reviewer });
    expect(speciality).toEqual({
      "@context": "https://schema.org",
      "@type": "MedicalWebPage",
      name: "Orthopedic",
      url,
      inLanguage: "te",
      reviewedBy: { "@type": "Person", ...reviewer },
      lastReviewed: "2026-06-15",
    });
    const article = webPage("Heart attack warning signs", url, "en", { review, reviewer });
    expect(article).toMatchObject({ "@type": "WebPage", lastReviewed: "2026-06-15" });
    expect(schemaOrgProblems([speciality, article])).toEqual([]);
    expect(webPage("Orthopedic", url, "en", { type: "MedicalWebPage", review })).not.toHaveProperty("reviewedBy");
  });

  it("the vocabulary check names a misspelt property and an unknown type", () => {
    expect(
      schemaOrgProblems({
        "@type": "MedicalWebPage",
        reviewdBy: { "@type": "Physican", name: "Dr. A" },
        lastReviewed: "2026-02-16",
      }),
    ).toEqual([": MedicalWebPage has no property 'reviewdBy'", "/reviewdBy: 'Physican' is not a schema.org type"]);
  });
});

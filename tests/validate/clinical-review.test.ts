/**
 * Medical reviews in the validator: a review due within 30 days is a warning, an overdue one a
 * warning that --publish refuses, each naming the page and the reviewer; the reviewer must be one
 * of doctors.json's doctors. "Today" is fixed, so nothing here depends on the clock.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { splitCollection } from "../../src/build/collection-storage";
import { validateSite } from "../../src/validation";
import { removeSites, repoRoot, siteWith, validate } from "./helpers";

afterAll(removeSites);

const collection = "site-config/collections/cardiology-sub-departments.json";

const doctors = {
  $schema: "../schemas/doctors.schema.json",
  doctors: [
    {
      name: "Dr. Anjali Rao",
      slug: "dr-anjali-rao",
      designation: "Consultant Cardiologist",
      speciality: "cardiology",
      branches: ["kothapet"],
      qualifications: "MBBS, MD, DM (Cardiology)",
      experienceYears: 14,
      languages: ["Telugu", "English"],
      sample: false,
    },
  ],
};

/** The base site with doctors, the treatments' reviews and site.json's settings as given. */
function siteWithReviews(reviews: object[], clinicalReview?: object) {
  const folder = siteWith();
  writeFileSync(path.join(folder, "site-config/doctors.json"), JSON.stringify(doctors, null, 2));
  const file = path.join(folder, collection);
  const data = JSON.parse(readFileSync(file, "utf8"));
  reviews.forEach((review, i) => {
    data.sub_departments[i].review = review;
  });
  writeFileSync(file, JSON.stringify(data, null, 2));
  if (clinicalReview) {
    const site = path.join(folder, "site-config/site.json");
    writeFileSync(site, JSON.stringify({ ...JSON.parse(readFileSync(site, "utf8")), clinicalReview }, null, 2));
  }
  return folder;
}

function run(folder: string, today: string, publish = false) {
  const report = validateSite({
    siteRoot: path.join(folder, "site-config"),
    schemasDir: path.join(repoRoot, "schemas"),
    publicDir: path.join(folder, "public"),
    shownFrom: folder,
    publish,
    today,
  });
  return report.problems.map((p) => `${p.severity} ${p.file} ${p.pointer} ${p.message}`);
}

describe("validate: medical reviews", () => {
  const reviews = [
    { reviewer: "dr-anjali-rao", reviewed: "2025-12-20" },
    { reviewer: "dr-anjali-rao", reviewed: "2025-06-01", nextReview: "2026-11-01" },
  ];

  it("warns about a review due within 30 days and one overdue, naming the page and the reviewer", () => {
    expect(run(siteWithReviews(reviews), "2026-11-26")).toEqual([
      "warning site-config/collections/cardiology-sub-departments.json /sub_departments/0/review The medical review of 'Heart Failure' (/specialities/cardiology/heart-failure) by Dr. Anjali Rao is due on 2026-12-20, in 24 days: ask Dr. Anjali Rao or another clinical reviewer to review the page again before then.",
      "warning site-config/collections/cardiology-sub-departments.json /sub_departments/1/review The medical review of 'Coronary Angiography' (/specialities/cardiology/angiography) by Dr. Anjali Rao was due on 2026-11-01, 25 days ago: a clinical reviewer must review the page again before it is published.",
    ]);
  });

  it("says nothing of reviews due in more than 30 days", () => {
    expect(run(siteWithReviews(reviews), "2026-03-01")).toEqual([]);
  });

  it("refuses an overdue review when publishing, and only warns of one falling due", () => {
    const found = run(siteWithReviews(reviews), "2026-11-26", true);
    expect(found.map((line) => line.split(" ").slice(0, 3).join(" "))).toEqual([
      "error site-config/collections/cardiology-sub-departments.json /sub_departments/1/review",
      "warning site-config/collections/cardiology-sub-departments.json /sub_departments/0/review",
    ]);
  });

  it("takes the interval and the medical kinds from site.json", () => {
    const sixMonths = siteWithReviews([{ reviewer: "dr-anjali-rao", reviewed: "2026-06-10" }], { intervalMonths: 6 });
    expect(run(sixMonths, "2026-11-26")).toEqual([
      "warning site-config/collections/cardiology-sub-departments.json /sub_departments/0/review The medical review of 'Heart Failure' (/specialities/cardiology/heart-failure) by Dr. Anjali Rao is due on 2026-12-10, in 14 days: ask Dr. Anjali Rao or another clinical reviewer to review the page again before then.",
    ]);
    const notMedical = siteWithReviews(reviews, { medicalKinds: ["blog-posts"] });
    expect(run(notMedical, "2026-11-26")).toEqual([]);
  });

  it("refuses a reviewer who is not one of the site's doctors, with the closest", () => {
    const folder = siteWithReviews([{ reviewer: "dr-anjali-roa", reviewed: "2026-06-10" }]);
    expect(run(folder, "2026-07-01")).toEqual([
      "error site-config/collections/cardiology-sub-departments.json /sub_departments/0/review/reviewer Expected the slug of a doctor in doctors.json as the reviewer, but found 'dr-anjali-roa'; did you mean 'dr-anjali-rao'?",
    ]);
  });

  it("names the treatment's own file in a collection stored as a folder", () => {
    const folder = siteWithReviews(reviews);
    splitCollection(path.join(folder, collection));
    expect(run(folder, "2026-11-26", true).map((line) => line.split(" ").slice(0, 4).join(" "))).toEqual([
      "error site-config/collections/cardiology-sub-departments/angiography.json /review The",
      "warning site-config/collections/cardiology-sub-departments/heart-failure.json /review The",
    ]);
  });

  it("validate --publish refuses an overdue review on the command line", async () => {
    const folder = siteWithReviews([{ reviewer: "dr-anjali-rao", reviewed: "2001-01-15" }]);
    const { code, stdout } = await validate(["--root", "site-config", "--publish"], folder);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /site-config\/collections\/cardiology-sub-departments\.json:\d+:\d+ -> \/sub_departments\/0\/review\n {2}error: The medical review of 'Heart Failure' \(\/specialities\/cardiology\/heart-failure\) by Dr\. Anjali Rao was due on 2002-01-15, \d+ days ago: a clinical reviewer must review the page again before it is published\./,
    );
  });
});

/**
 * Clinical review in the hosted editor: the medical part of a change set (the medical pages it
 * adds or changes), whether a clinical reviewer approved it as it is now, the approval itself
 * (the reviewing doctor and the day written on those pages, committed into the change set as the
 * doctor's own commit), and the list of reviews falling due on the published site.
 */
import path from "node:path";
import {
  type ClinicalReviewSettings,
  clinicalReviewSettings,
  daysUntil,
  dueSoonDays,
  type MedicalKind,
  nextReviewOf,
} from "../../../shared/clinical-review";
import type { MedicalReview } from "../../../shared/generated/defs";
import type { Site } from "../../../shared/generated/site";
import type { ClinicalView, ReviewDueView, ReviewsDueView } from "../../shared/changes-api";
import { writeFileAtomic } from "../atomic-write";
import type { ReviewRow } from "../auth/db-types";
import type { Person } from "../auth/types";
import type { SiteWorkspace } from "../changes";
import { HttpError } from "../http-error";
import { authorOf } from "./authors";
import { changedMedicalEntries, type MedicalEntry, withReviews } from "./medical";
import { medicalPagesOn } from "./medical-pages";

const clinicalVerdicts = new Set(["clinically-approved", "clinical-changes-requested", "clinical-review-needed"]);

/** Whether the last word on the medical part is a clinical reviewer's approval. */
export const clinicallyApproved = (reviews: readonly Pick<ReviewRow, "verdict">[]) =>
  reviews.filter((r) => clinicalVerdicts.has(r.verdict)).at(-1)?.verdict === "clinically-approved";

const parse = <T>(text: string | undefined): T | undefined => {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
};

/** A page list in words: "'Heart Failure' and 'Angioplasty'". */
const pageWords = (entries: readonly { name: string }[]) => {
  const names = entries.slice(0, 3).map((e) => `'${e.name}'`);
  const more = entries.length - names.length;
  if (more > 0) names.push(`${more} more`);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
};

export class ClinicalReview {
  constructor(private readonly workspace: SiteWorkspace) {}

  /** The clinical review settings the change set would publish (its site.json). */
  async settings(id: string): Promise<ClinicalReviewSettings> {
    const site = parse<Site>(await this.workspace.fileAt("head", id, "site-config/site.json"));
    return clinicalReviewSettings(site ?? { production: false });
  }

  /** The medical pages the change set adds or changes. */
  async entries(id: string, kinds?: readonly MedicalKind[]): Promise<MedicalEntry[]> {
    const medicalKinds = kinds ?? (await this.settings(id)).medicalKinds;
    const files = await this.workspace.changedFiles(id);
    const found = await Promise.all(
      files.map(async (file) => {
        const [before, after] = await Promise.all([
          this.workspace.fileAt("base", id, file),
          this.workspace.fileAt("head", id, file),
        ]);
        return changedMedicalEntries(file, before, after, medicalKinds);
      }),
    );
    return found.flat();
  }

  /** The medical part of the change set, as the app shows it. */
  async view(id: string, reviews: readonly ReviewRow[]): Promise<ClinicalView> {
    const settings = await this.settings(id);
    const entries = await this.entries(id, settings.medicalKinds);
    return {
      pages: entries.map(({ name, path }) => ({ name, ...(path ? { path } : {}) })),
      approved: entries.length > 0 && clinicallyApproved(reviews),
      required: settings.requireApproval,
    };
  }

  /** Why the change set may not be published yet for want of a clinical approval; undefined when it may. */
  async publishRefusal(id: string, reviews: readonly ReviewRow[]): Promise<string | undefined> {
    const settings = await this.settings(id);
    if (!settings.requireApproval) return undefined;
    const entries = await this.entries(id, settings.medicalKinds);
    if (entries.length === 0 || clinicallyApproved(reviews)) return undefined;
    return `This change set changes medical content (${pageWords(entries)}): a clinical reviewer, one of the hospital's doctors, must approve it before it is published.`;
  }

  /**
   * Approves the medical part as `person` (a clinical reviewer) on `today`: writes their review
   * on each medical page the change set changes and commits it as theirs. Returns the pages.
   */
  async approve(id: string, person: Person, today: string): Promise<MedicalEntry[]> {
    const settings = await this.settings(id);
    const entries = await this.entries(id, settings.medicalKinds);
    if (entries.length === 0)
      throw new HttpError(409, "This change set changes no medical content: it needs no clinical review.");
    const doctor = await this.doctor(id, person);
    const review: MedicalReview = { reviewer: doctor.slug, reviewed: today };
    const dir = await this.workspace.ensure(id);
    const byFile = new Map<string, MedicalEntry[]>();
    for (const e of entries) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
    for (const [file, inFile] of byFile) {
      const source = await this.workspace.fileAt("head", id, file);
      if (source === undefined) continue;
      await writeFileAtomic(
        path.join(dir, file),
        withReviews(
          source,
          inFile.map((e) => e.pointer),
          review,
        ),
      );
    }
    const message = `Medical review: ${pageWords(entries)} reviewed by ${doctor.name} on ${today}`;
    await this.workspace.commit(id, [...byFile.keys()], message, authorOf(person));
    return entries;
  }

  /** The doctor a clinical reviewer is, as the change set's doctors.json has them. */
  private async doctor(id: string, person: Person): Promise<{ slug: string; name: string }> {
    if (!person.doctor)
      throw new HttpError(
        409,
        "Your account is not linked to a doctor of the site, so your review cannot name you on the pages. Ask an administrator to set your doctor (--doctor).",
      );
    const doctors = parse<{ doctors?: { slug: string; name: string }[] }>(
      await this.workspace.fileAt("head", id, "site-config/doctors.json"),
    );
    const doctor = doctors?.doctors?.find((d) => d.slug === person.doctor);
    if (!doctor)
      throw new HttpError(
        409,
        `Your account names the doctor '${person.doctor}', who is not in the site's doctors.json. Ask an administrator to correct your doctor, or an editor to add you to the doctors.`,
      );
    return doctor;
  }

  private due: { head: string; pages: Awaited<ReturnType<typeof medicalPagesOn>> } | undefined;

  /** The published site's medical pages by when their review falls due, soonest first. */
  async reviewsDue(head: string, today: string, limit = 200): Promise<ReviewsDueView> {
    if (this.due?.head !== head) this.due = { head, pages: await medicalPagesOn(this.workspace.publishedDir()) };
    const { pages, settings, doctors } = this.due.pages;
    const items = pages
      .filter((p) => settings.medicalKinds.includes(p.kind))
      .map((page): ReviewDueView => {
        const base = { name: page.name, file: page.file, ...(page.path ? { path: page.path } : {}) };
        if (!page.review) return { ...base, reviewer: "", state: "never" };
        const nextReview = nextReviewOf(page.review, settings.intervalMonths);
        const daysLeft = daysUntil(nextReview, today);
        return {
          ...base,
          reviewer: doctors.get(page.review.reviewer) ?? page.review.reviewer,
          reviewed: page.review.reviewed,
          nextReview,
          daysLeft,
          state: daysLeft < 0 ? "overdue" : daysLeft <= dueSoonDays ? "due-soon" : "later",
        };
      })
      .sort(
        (a, b) =>
          (a.daysLeft ?? Number.NEGATIVE_INFINITY) - (b.daysLeft ?? Number.NEGATIVE_INFINITY) ||
          a.name.localeCompare(b.name),
      );
    return { items: items.slice(0, limit), total: items.length };
  }
}

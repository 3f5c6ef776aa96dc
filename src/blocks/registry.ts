import { BranchDetails } from "./branch-details";
import { CardGrid } from "./card-grid";
import { CtaBanner } from "./cta-banner";
import { FaqAccordion } from "./faq-accordion";
import { Form } from "./form";
import { Heading } from "./heading";
import { RichText } from "./rich-text";
import { SpecialityDetails } from "./speciality-details";
import { TreatmentBulletPoints } from "./treatment-bullet-points";
import { TreatmentFaqs } from "./treatment-faqs";
import { TreatmentHeading } from "./treatment-heading";
import { TreatmentHero } from "./treatment-hero";
import { TreatmentSections } from "./treatment-sections";
import { TreatmentSourceCredit } from "./treatment-source-credit";
import { TreatmentWhyChooseUs } from "./treatment-why-choose-us";
import type { BlockRegistry } from "./types";

export const registry: BlockRegistry = {
  "branch-details": BranchDetails,
  "card-grid": CardGrid,
  "cta-banner": CtaBanner,
  "faq-accordion": FaqAccordion,
  form: Form,
  heading: Heading,
  "rich-text": RichText,
  "speciality-details": SpecialityDetails,
  "treatment-bullet-points": TreatmentBulletPoints,
  "treatment-faqs": TreatmentFaqs,
  "treatment-heading": TreatmentHeading,
  "treatment-hero": TreatmentHero,
  "treatment-sections": TreatmentSections,
  "treatment-source-credit": TreatmentSourceCredit,
  "treatment-why-choose-us": TreatmentWhyChooseUs,
};

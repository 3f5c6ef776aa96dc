import { BlogArticle } from "./blog-article";
import { BlogList } from "./blog-list";
import { BranchDetails } from "./branch-details";
import { BranchList } from "./branch-list";
import { CardGrid } from "./card-grid";
import { ContactDetails } from "./contact-details";
import { CtaBanner } from "./cta-banner";
import { DoctorSearch } from "./doctor-search";
import { FaqAccordion } from "./faq-accordion";
import { Form } from "./form";
import { FormDataNotice } from "./form-data-notice";
import { Heading } from "./heading";
import { HealthPackages } from "./health-packages";
import { Hero } from "./hero";
import { NewsList } from "./news-list";
import { PeopleGrid } from "./people-grid";
import { RichText } from "./rich-text";
import { SpecialityDetails } from "./speciality-details";
import { SpecialityGrid } from "./speciality-grid";
import { TreatmentBulletPoints } from "./treatment-bullet-points";
import { TreatmentFaqs } from "./treatment-faqs";
import { TreatmentHeading } from "./treatment-heading";
import { TreatmentHero } from "./treatment-hero";
import { TreatmentSections } from "./treatment-sections";
import { TreatmentSourceCredit } from "./treatment-source-credit";
import { TreatmentWhyChooseUs } from "./treatment-why-choose-us";
import type { BlockRegistry } from "./types";

export const registry: BlockRegistry = {
  "blog-article": BlogArticle,
  "blog-list": BlogList,
  "branch-details": BranchDetails,
  "branch-list": BranchList,
  "card-grid": CardGrid,
  "contact-details": ContactDetails,
  "cta-banner": CtaBanner,
  "doctor-search": DoctorSearch,
  "faq-accordion": FaqAccordion,
  form: Form,
  "form-data-notice": FormDataNotice,
  heading: Heading,
  "health-packages": HealthPackages,
  hero: Hero,
  "news-list": NewsList,
  "people-grid": PeopleGrid,
  "rich-text": RichText,
  "speciality-details": SpecialityDetails,
  "speciality-grid": SpecialityGrid,
  "treatment-bullet-points": TreatmentBulletPoints,
  "treatment-faqs": TreatmentFaqs,
  "treatment-heading": TreatmentHeading,
  "treatment-hero": TreatmentHero,
  "treatment-sections": TreatmentSections,
  "treatment-source-credit": TreatmentSourceCredit,
  "treatment-why-choose-us": TreatmentWhyChooseUs,
};

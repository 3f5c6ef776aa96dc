/**
 * Prerendering only: a lead form's HTML is the same on every page that shows it with the same
 * words (the treatment pages' forms differ only in their heading), so the prerenderer renders each
 * kind of form once and fills the others in (src/build/prerender/form-slots.ts), as it does the
 * page frame (layout-part.ts). The browser and the tests render every form: no slots there.
 */
import { createContext } from "react";

/** What a form becomes in one render. */
export type FormPlace =
  /** A kind of form already rendered: this text stands for it, and the prerenderer fills it in. */
  | { marker: string }
  /** A new kind: the form is rendered between these texts, with `heading` standing for its heading. */
  | { start: string; end: string; heading: string };

export interface FormSlots {
  /**
   * The place of a form of kind `key` (everything its HTML depends on but its heading) whose
   * heading reads `heading`.
   */
  place(key: string, heading: string): FormPlace;
}

export const FormSlotsContext = createContext<FormSlots | null>(null);

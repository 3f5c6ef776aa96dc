/** The treatment a treatment page shows, with its collection's presentation config. */
import { createContext, useContext } from "react";
import type { SubDepartment } from "../../shared/generated/collection";
import type { CollectionPresentation } from "../../shared/generated/presentation";

export interface TreatmentView {
  subDepartment: SubDepartment;
  presentation: CollectionPresentation;
  speciality: string;
}

export const TreatmentContext = createContext<TreatmentView | null>(null);

/** The current treatment; a treatment block used outside a treatment page throws (and shows 'Content Not Loaded'). */
export function useTreatment(): TreatmentView {
  const view = useContext(TreatmentContext);
  if (!view) throw new Error("This block only works on a treatment page (inside a collection's template).");
  return view;
}

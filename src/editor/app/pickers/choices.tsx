/**
 * What the pickers offer (the site's pages, pictures, specialities, branches and forms), fetched
 * from the editor's server when a file is opened and after a save, and handed to the form's
 * widgets through context (rjsf widgets take no props of ours).
 */
import { createContext, useContext } from "react";
import type { ChoicesResponse } from "../../shared/api";

export const emptyChoices: ChoicesResponse = { pages: [], images: [], specialities: [], branches: [], forms: [] };

export const ChoicesContext = createContext<ChoicesResponse>(emptyChoices);

export const useChoices = () => useContext(ChoicesContext);

/** Told of a picture just uploaded, so every picker offers it before the next save. */
export const PictureAddedContext = createContext<(src: string) => void>(() => undefined);

export const usePictureAdded = () => useContext(PictureAddedContext);

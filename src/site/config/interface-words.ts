/**
 * The interface words of site-config/interface.json in the default language: the names of the
 * layout's controls, 'Content Not Loaded', the doctor search's labels. Components read them through
 * `useUi()` (src/site/i18n/context.tsx), which gives the page's language.
 */
import interfaceJson from "../../../site-config/interface.json";
import type { InterfaceWords } from "../../shared/generated/interface";

export const interfaceWords = interfaceJson as InterfaceWords;

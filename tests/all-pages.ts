/** Every page of site-config/pages/ with its content (the app loads them one route at a time). */
import { loadAllPages } from "../src/site/config/pages";

export const pages = await loadAllPages();

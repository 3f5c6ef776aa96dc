/**
 * The lead forms of site-config/forms/, by id (the file name). Imported only by the lead form's
 * own chunk and the blocks that describe forms, so no page carries them before it needs them.
 */
import type { Form } from "../../shared/generated/form";

const formModules = import.meta.glob<Form>("../../../site-config/forms/*.json", { eager: true, import: "default" });

const baseName = (file: string) => file.slice(file.lastIndexOf("/") + 1).replace(/\.json$/, "");

/** Forms by id (the file name). */
export const forms: Record<string, Form> = Object.fromEntries(
  Object.entries(formModules).map(([file, form]) => [baseName(file), form]),
);

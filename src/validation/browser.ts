/**
 * The validator's public face for browser code (the editor's app): the problem type, a
 * document's schema check in the CLI's words, and the project's ajv setup (options, vocabulary,
 * the schemas' base URI) for a form library's own validator. Nothing reachable from here imports a node: module; the architecture
 * test (tests/architecture/imports.test.ts) holds that.
 */
export { addVocabulary, ajvOptions, schemaBase } from "./ajv";
export type { Problem, Severity } from "./problem";
export { checkAgainstSchema, type SchemaCheck } from "./schema-check";

/**
 * A string found in the editor's code and nowhere else. The public build must not contain it:
 * tests/browser/editor.test.ts greps dist/ for it.
 */
export const EDITOR_MARKER = "content-editor-9f3b27c1";

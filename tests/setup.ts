// Adds DOM matchers (toBeInTheDocument, toHaveAttribute, ...) for component tests; harmless in
// node-environment tests.
import "@testing-library/jest-dom/vitest";

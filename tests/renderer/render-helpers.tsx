/**
 * Renders routes of the real route table's pieces in a memory router, with the forms module
 * replaced by a stub that shows the title and context it was given (the forms have their own tests).
 */
import { render } from "@testing-library/react";
import { vi } from "vitest";
import { presentations } from "../../src/site/config/presentations";
import { TreatmentPage } from "../../src/site/routes/TreatmentPage";
import { LinkNavigationProvider } from "../../src/site/ui/AppLink";
import { createMemoryRouter, RouterProvider } from "../helpers/memory-router";

vi.mock("../../src/site/forms/LeadForm", () => ({
  LeadForm: (props: {
    formId: string;
    title?: string;
    context?: Record<string, string>;
    submitCheckMessage?: string;
  }) => (
    <div data-testid="lead-form" data-form={props.formId} data-context={JSON.stringify(props.context ?? {})}>
      {props.title}
    </div>
  ),
}));

/** Shows a treatment page of a collection at `path`, plus a home route to see redirects land. */
export function renderTreatment(collection: "cardiology" | "orthopedics", path: string) {
  const presentation = presentations[collection];
  const router = createMemoryRouter(
    [
      { path: "/", element: <p>Home page</p> },
      {
        path: presentation.route,
        element: (
          <LinkNavigationProvider>
            <TreatmentPage
              presentation={presentation}
              file={`site-config/collections/${collection}.presentation.json`}
            />
          </LinkNavigationProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

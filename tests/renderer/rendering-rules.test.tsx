// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SubDepartment } from "../../src/shared/generated/collection";
import { TreatmentSections } from "../../src/site/blocks/treatment-sections";
import { TreatmentContext } from "../../src/site/collections/treatment-context";
import { presentations } from "../../src/site/config/presentations";
import { MemoryRouter } from "../../src/site/router/router";
import { ContentList, TextWithBreaks } from "../../src/site/ui/text";

function renderSections(subDepartment: SubDepartment) {
  return render(
    <MemoryRouter>
      <TreatmentContext.Provider
        value={{ subDepartment, presentation: presentations.orthopedics, speciality: "Orthopedics" }}
      >
        <TreatmentSections block={{ type: "treatment-sections" }} />
      </TreatmentContext.Provider>
    </MemoryRouter>,
  );
}

const base: SubDepartment = {
  slug: "x",
  name: "X",
  url: "/specialities/orthopedics/x",
  meta_title: "X",
  meta_description: "X",
  canonical_url: "https://www.hospitals.example/specialities/orthopedics/x",
  content: {},
};

describe("content rendering rules", () => {
  it("makes a subsection's h3 a link when it has a profile_url", () => {
    renderSections({
      ...base,
      content: {
        sections: [{ h2: "Team", subsections: [{ h3: "Our surgeons", profile_url: "/our-doctors" }, { h3: "Plain" }] }],
      },
    });
    expect(screen.getByRole("link", { name: "Our surgeons" })).toHaveAttribute("href", "/our-doctors");
    expect(screen.getByRole("heading", { level: 3, name: "Plain" }).querySelector("a")).toBeNull();
  });

  it("turns description newlines into line breaks", () => {
    const { container } = render(
      <p>
        <TextWithBreaks text={"first line\nsecond line"} />
      </p>,
    );
    expect(container.querySelector("p")?.innerHTML).toBe("first line<br>second line");
  });

  it("shows the text before the first colon of a list item in bold", () => {
    const { container } = render(<ContentList items={["Pain: worse at night: sometimes", "No colon here"]} />);
    const [first, second] = container.querySelectorAll("li");
    expect(first.querySelector("strong")?.textContent).toBe("Pain:");
    expect(first.textContent).toBe("Pain: worse at night: sometimes");
    expect(second.querySelector("strong")).toBeNull();
  });

  it("renders list strings as HTML after sanitising them", () => {
    const { container } = render(
      <ContentList
        items={[
          'Rest: <em>two</em> days<script>alert(1)</script> <a href="javascript:alert(1)" onclick="x()">link</a> <img src=x onerror=alert(1)>',
        ]}
      />,
    );
    const li = container.querySelector("li") as HTMLElement;
    expect(li.querySelector("em")?.textContent).toBe("two");
    expect(li.innerHTML).not.toMatch(/script|onclick|onerror|javascript:|<img/);
    expect(li.querySelector("a")?.getAttribute("href")).toBeNull();
  });
});

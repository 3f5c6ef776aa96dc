import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, lines, removeSites, siteWith, validate } from "./helpers";

const routeHint =
  "  hint: Routes are the 'route' of each file in pages/ (a '/:slug' page once per branch, speciality or post), each collection's treatment pages, and '/'.";
const canonicalHint =
  "  hint: A canonical address is the page's full public address: the canonicalBase of site.json followed by the page's path.";

// One site with a broken reference of each kind (tests/fixtures/validate/reference-mistakes/),
// and one that is valid but has warnings (tests/fixtures/validate/seo-warnings/).
describe("validate CLI", () => {
  let run: CliRun;
  let warnings: CliRun;

  beforeAll(async () => {
    [run, warnings] = await Promise.all([
      validate(["--root", "site-config"], siteWith("reference-mistakes")),
      validate(["--root", "site-config"], siteWith("seo-warnings")),
    ]);
  });
  afterAll(removeSites);

  it("exits 1 and counts every broken reference", () => {
    expect(run.code).toBe(1);
    // The treatment's misnamed image leaves its real picture unused: a warning at the picture.
    expect(run.stdout).toMatch(/\n12 errors and 1 warning in 6 of 14 files and 1 picture\.\n$/);
  });

  it("suggests the closest route for an unknown one", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/navigation.json:6:57 -> /items/1/route",
        "  error: Expected a route this site defines, but no page has the route '/contct-us'; did you mean '/contact-us'?",
        routeHint,
      ),
    );
    expect(run.stdout).toContain(
      lines(
        "site-config/footer.json:7:51 -> /legal/0/route",
        "  error: Expected a route this site defines, but no page has the route '/privacy-policy'; did you mean '/privacy-polocy'?",
      ),
    );
  });

  it("explains a footer speciality name whose slug is no speciality's", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/footer.json:6:70 -> /specialities/names/1",
        "  error: 'Obstetrics & Gynaecology' becomes 'obstetrics-and-gynaecology', which is no speciality's slug. Rename it to match the slug 'obstetrics-gynaecology', or change that speciality's slug.",
      ),
    );
  });

  it("reports a duplicate slug at the second one", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/collections/cardiology-sub-departments.json:17:15 -> /sub_departments/1/slug",
        "  error: Expected every slug in this file to be different, but 'heart-failure' is already the slug at /sub_departments/0/slug. Change one of them.",
      ),
    );
  });

  it("names the missing image, where it was looked for, and the file it most likely meant", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/collections/cardiology-sub-departments.json:13:16 -> /sub_departments/0/image",
        "  error: Expected the image '/images/treatments/heart-failure.png' at public/images/treatments/heart-failure.png, but there is no such file; did you mean '/images/treatments/heart-failure.svg'?",
        "  hint: Image paths start with '/' and are looked up under public/.",
      ),
    );
  });

  it("suggests the form an unknown form id meant", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/pages/contact-us.json:5:40 -> /blocks/0/form",
        "  error: Expected the form 'apointment' to be defined in site-config/forms/apointment.json, but there is no such file; did you mean 'appointment'?",
      ),
    );
  });

  it("wants a form's id to be its file name", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/forms/appointment.json:3:9 -> /id",
        "  error: Expected the form's id to be 'appointment', its file name, but found 'appointments'. Change the id or rename the file.",
      ),
    );
  });

  it("checks the placeholders of lead templates", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/forms/appointment.json:24:21 -> /lead/payload/department",
        "  error: Expected a placeholder naming a field of this form ('name', 'mobile' or 'email') or a page value ('treatment', 'department', 'speciality' or 'language'), but found '{departmen}'; did you mean '{department}'?",
      ),
    );
    expect(run.stdout).toContain(
      lines(
        "site-config/forms/appointment.json:30:16 -> /lead/attributes/Phone",
        "  error: Expected a placeholder naming a payload field ('fullName', 'phoneNumber', 'emailId', 'department', 'location' or 'message') or the page's language ('language'), but found '{phone}'; did you mean '{phoneNumber}'?",
      ),
    );
  });

  it("wants canonical addresses absolute and under the canonical base", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/collections/cardiology-sub-departments.json:12:24 -> /sub_departments/0/canonical_url",
        "  error: Expected the canonical address to start with 'https://www.hospitals.example/', the canonicalBase of site.json, but found 'https://hospitals.example/specialities/cardiology/heart-failure'.",
        canonicalHint,
      ),
    );
    expect(run.stdout).toContain(
      lines(
        "site-config/collections/cardiology-sub-departments.json:22:24 -> /sub_departments/1/canonical_url",
        "  error: Expected a full address starting with 'https://www.hospitals.example/', but found '/specialities/cardiology/angiography', which is not an absolute address.",
        canonicalHint,
      ),
    );
  });

  it("checks that an alias points at a treatment of its collection", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/collections/cardiology.presentation.json:17:60 -> /slugAliases/0/slug",
        "  error: Expected the slug of a treatment in cardiology-sub-departments.json, but found 'heart-failiure'; did you mean 'heart-failure'?",
      ),
    );
  });

  it("warns about long titles and descriptions, one line per kind, notes sample data once, and still exits 0", () => {
    expect(warnings.code).toBe(0);
    expect(warnings.stdout).toBe(
      lines(
        "Warnings, one line per kind (npm run validate -- --verbose shows each):",
        "  warning: site-config/pages/home.json:5:14 -> /meta/title: The browser title is 77 characters long; search results show about 60, so the rest may be cut off.",
        "  warning: site-config/pages/home.json:6:20 -> /meta/description: The meta description is 177 characters long; search results show about 160, so the rest may be cut off.",
        "",
        `This site shows placeholder details (1 sample entry), as a demonstration does. Before publishing, run 'npm run validate -- --publish': it lists each and what to put there. The build refuses them once "production" is true in site-config/site.json.`,
        "",
        "All 14 files are valid, with 3 warnings in 2 files.\n",
      ),
    );
  });

  it("prints every warning in full with --verbose", async () => {
    const verbose = await validate(["--root", "site-config", "--verbose"], siteWith("seo-warnings"));
    expect(verbose.stdout).toContain(
      lines(
        "site-config/branches.json:16:17 -> /branches/0/sample",
        `  warning: 'Kothapet' is a sample branch, written to show the layout: before publishing, replace its details with real ones and set "sample" to false, or remove it.`,
        "",
        "site-config/pages/home.json:5:14 -> /meta/title",
        "  warning: The browser title is 77 characters long; search results show about 60, so the rest may be cut off.",
        "  hint: Keep titles to 60 characters or fewer.",
      ),
    );
  });
});

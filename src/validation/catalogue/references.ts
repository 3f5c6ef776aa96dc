/** Messages about references between files that do not resolve. */

import { quote, quotedList } from "../words";
import { didYouMean, entry } from "./entry";

interface Size {
  width: number;
  height: number;
}

const dims = (size: Size) => `${size.width} × ${size.height}`;

export const UnknownRoute = entry({
  name: "UnknownRoute",
  title: "A link goes to a route the site does not define.",
  severity: "error",
  message: (route: string, suggestion: string | undefined) =>
    `Expected a route this site defines, but no page has the route ${quote(route)}${didYouMean(suggestion)}`,
  hint: "Routes are the 'route' of each file in pages/ (a '/:slug' page once per branch, speciality or post), each collection's treatment pages, and '/'.",
});

export const UnknownTextLink = entry({
  name: "UnknownTextLink",
  title: "A link inside a text leads to no page.",
  severity: "error",
  message: (href: string, suggestion: string | undefined) =>
    `The link <a href=${quote(href, 200).replace(/^'|'$/g, '"')}> in this text leads nowhere: no page has that route${didYouMean(suggestion)} A visitor who follows it lands on the home page instead.`,
  hint: "Links to this site name a page's route (the 'route' of a file in pages/, a treatment page's path), optionally with #part.",
});

export const SpecialityNameMismatch = entry({
  name: "SpecialityNameMismatch",
  title: "A footer speciality name does not lead to a speciality.",
  severity: "error",
  message: (name: string, slug: string, closestSlug: string | undefined) =>
    `'${name}' becomes '${slug}', which is no speciality's slug. ` +
    (closestSlug
      ? `Rename it to match the slug '${closestSlug}', or change that speciality's slug.`
      : "Rename it to the name of a speciality in specialities.json."),
  hint: "Each footer name links to /specialities/{slug of the name}: lower case, '&' becomes 'and', spaces become hyphens, other characters are dropped.",
});

export const UnknownSpecialitySlug = entry({
  name: "UnknownSpecialitySlug",
  title: "A speciality slug names no speciality.",
  severity: "error",
  message: (slug: string, suggestion: string | undefined) =>
    `Expected the slug of a speciality in specialities.json, but found ${quote(slug)}${didYouMean(suggestion)}`,
  hint: "Speciality slugs are the 'slug' of each entry of specialities.json.",
});

export const UnknownBranchSlug = entry({
  name: "UnknownBranchSlug",
  title: "A branch slug names no branch.",
  severity: "error",
  message: (slug: string, suggestion: string | undefined) =>
    `Expected the slug of a branch in branches.json, but found ${quote(slug)}${didYouMean(suggestion)}`,
  hint: "Branch slugs are the 'slug' of each entry of branches.json.",
});

export const UnknownCollection = entry({
  name: "UnknownCollection",
  title: "A collection id names no collection.",
  severity: "error",
  message: (id: string, known: string[]) =>
    `Expected the id of a treatment collection, but found ${quote(id)}.` +
    (known.length > 0 ? ` Known collections: ${quotedList(known, "and")}.` : " There are no collections."),
  hint: "A collection's id is the 'id' of its collections/*.presentation.json file.",
});

export const MissingDataFile = entry({
  name: "MissingDataFile",
  title: "A data file does not exist.",
  severity: "error",
  message: (file: string, folder: string, suggestion: string | undefined) =>
    `Expected a data file ${quote(file)} in ${folder}, but there is none${didYouMean(suggestion)}`,
  hint: "A collection's data file sits in the collections/ folder of the site, next to its presentation file.",
});

export const DuplicateSlug = entry({
  name: "DuplicateSlug",
  title: "Two entries share a slug.",
  severity: "error",
  message: (slug: string, firstAt: string) =>
    `Expected every slug in this file to be different, but ${quote(slug)} is already the slug at ${firstAt}. Change one of them.`,
  hint: "A slug is part of a page's address, so two entries with one slug would share a page.",
});

export const DuplicateRoute = entry({
  name: "DuplicateRoute",
  title: "Two pages share a route.",
  severity: "error",
  message: (route: string, otherFile: string) =>
    `Expected every page to have its own route, but ${quote(route)} is also the route of ${otherFile}.`,
  hint: "Two pages with one route would hide one another; change the route of one of them.",
});

export const MissingImage = entry({
  name: "MissingImage",
  title: "An image does not exist.",
  severity: "error",
  message: (src: string, path: string, suggestion: string | undefined) =>
    `Expected the image ${quote(src)} at ${path}, but there is no such file${didYouMean(suggestion)}`,
  hint: "Image paths start with '/' and are looked up under public/.",
});

export const ImageSizeMismatch = entry({
  name: "ImageSizeMismatch",
  title: "An image's width and height are not the picture's own.",
  severity: "error",
  message: (src: string, real: Size, declared: Size) =>
    `Expected the width and height of ${quote(src)} to be the picture's own size, ${dims(real)} pixels, but they say ${dims(declared)}. Set "width": ${real.width} and "height": ${real.height}.`,
  hint: "The page keeps this much room for the image while it loads, and the build names the image's smaller copies after its width: a wrong size makes the page jump, stretches the image, or asks for copies that do not exist. CSS decides how large it is shown.",
});

export const TreatmentImageTooSmall = entry({
  name: "TreatmentImageTooSmall",
  title: "A treatment image is narrower than the frame it is shown in.",
  severity: "error",
  message: (src: string, real: Size, frame: Size) =>
    `Expected a treatment image at least ${frame.width} pixels wide, but ${quote(src)} is ${dims(real)}. Use a larger picture, such as ${dims(frame)} or ${dims({ width: frame.width * 2, height: frame.height * 2 })}.`,
  hint: `Treatment images are shown in a frame of the same shape on every treatment page, and the page asks for copies of them up to the frame's width.`,
});

export const TreatmentImageShape = entry({
  name: "TreatmentImageShape",
  title: "A treatment image is not the shape of its frame.",
  severity: "warning",
  message: (src: string, real: Size, frame: Size) =>
    `Expected a treatment image of the frame's shape, ${dims(frame)}, but ${quote(src)} is ${dims(real)}, so it will look stretched. Crop it to ${dims({ width: real.width, height: Math.round((real.width * frame.height) / frame.width) })}.`,
});

export const UnknownForm = entry({
  name: "UnknownForm",
  title: "A form id names no form.",
  severity: "error",
  message: (id: string, path: string, suggestion: string | undefined) =>
    `Expected the form ${quote(id)} to be defined in ${path}, but there is no such file${didYouMean(suggestion)}`,
  hint: "A form's id is its file name in forms/, without .json.",
});

export const FormIdMismatch = entry({
  name: "FormIdMismatch",
  title: "A form's id differs from its file name.",
  severity: "error",
  message: (id: string, fileId: string) =>
    `Expected the form's id to be '${fileId}', its file name, but found ${quote(id)}. Change the id or rename the file.`,
  hint: "Pages find a form by its id in forms/{id}.json, so the id and the file name must agree.",
});

export const CanonicalNotAbsolute = entry({
  name: "CanonicalNotAbsolute",
  title: "A canonical address is not absolute.",
  severity: "error",
  message: (url: string, base: string) =>
    `Expected a full address starting with '${base}/', but found ${quote(url)}, which is not an absolute address.`,
  hint: "A canonical address is the page's full public address: the canonicalBase of site.json followed by the page's path.",
});

export const CanonicalOutsideBase = entry({
  name: "CanonicalOutsideBase",
  title: "A canonical address is not under the site's canonical base.",
  severity: "error",
  message: (url: string, base: string) =>
    `Expected the canonical address to start with '${base}/', the canonicalBase of site.json, but found ${quote(url)}.`,
  hint: "A canonical address is the page's full public address: the canonicalBase of site.json followed by the page's path.",
});

export const UnknownCollectionSlug = entry({
  name: "UnknownCollectionSlug",
  title: "A slug names no treatment of the collection.",
  severity: "error",
  message: (slug: string, dataFile: string, suggestion: string | undefined) =>
    `Expected the slug of a treatment in ${dataFile}, but found ${quote(slug)}${didYouMean(suggestion)}`,
  hint: "Aliases and source credits name treatments by slug, from the data file this presentation names in 'dataFile'.",
});

export const UnknownPayloadPlaceholder = entry({
  name: "UnknownPayloadPlaceholder",
  title: "A lead payload template uses an unknown placeholder.",
  severity: "error",
  message: (placeholder: string, fields: string[], suggestion: string | undefined) =>
    `Expected a placeholder naming a field of this form (${quotedList(fields)}) or a page value ('treatment', 'department', 'speciality' or 'language'), but found '{${placeholder}}'${didYouMean(suggestion && `{${suggestion}}`)}`,
  hint: "Payload templates use {name} for a field of the form, and {treatment}, {department}, {speciality} or {language} for the page the form is on.",
});

export const UnknownAttributePlaceholder = entry({
  name: "UnknownAttributePlaceholder",
  title: "A lead attribute template uses an unknown placeholder.",
  severity: "error",
  message: (placeholder: string, payloadKeys: string[], suggestion: string | undefined) =>
    `Expected a placeholder naming a payload field (${quotedList(payloadKeys)}) or the page's language ('language'), but found '{${placeholder}}'${didYouMean(suggestion && `{${suggestion}}`)}`,
  hint: "CRM attributes are made from the payload, so their templates can only use the payload's fields, and {language}: the code of the language the patient used ('en', 'te', 'hi').",
});

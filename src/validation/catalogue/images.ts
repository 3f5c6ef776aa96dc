/** Messages about the site's pictures themselves: what they say to people who cannot see them, and whether any page shows them. */

import { quote } from "../words";
import { entry } from "./entry";

export const ImageWithoutAlt = entry({
  name: "ImageWithoutAlt",
  title: "A picture has no alternative text.",
  severity: "error",
  message: (src: string) =>
    `Expected alternative text for the picture ${quote(src)}, but "alt" is empty. Write in a short sentence what the picture shows, such as 'Dr Rao explaining a knee X-ray to a patient'.`,
  hint: "Screen readers read the alternative text to people who cannot see the picture, and search engines index it; translators translate it. Only a drawing (SVG) that is purely decorative may be left without.",
});

export const UnusedImage = entry({
  name: "UnusedImage",
  title: "A picture is used by no page.",
  severity: "warning",
  message: (src: string) =>
    `The picture ${quote(src)} is not used by any page, menu or setting of the site, but it is published with it. Choose it in a picture field, or delete the file.`,
  hint: "Every file under public/images/ is published, and the build makes smaller copies of every photo: a picture no page shows costs the build time and the site space.",
  summary: (count) => (count === 1 ? "1 picture is used by no page" : `${count} pictures are used by no page`),
});

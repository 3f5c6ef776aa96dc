/**
 * The built-in icon set that config names with `icon` (schemas/defs.schema.json). Icons are
 * decorative: the text beside them carries the meaning, so they are hidden from screen readers.
 */
import type { Icon as IconName } from "../../shared/generated/defs";

type Network = "facebook" | "instagram" | "x" | "youtube" | "linkedin";

// Simple 24x24 stroke paths, drawn for this project.
const paths: Record<IconName | Network | "menu" | "close" | "chevron-down" | "arrow-up" | "search", string> = {
  activity: "M3 12h4l3-8 4 16 3-8h4",
  ambulance: "M3 7h11v9H3zM14 10h4l3 3v3h-7zM7 18a2 2 0 1 0 0 .01M17 18a2 2 0 1 0 0 .01M8.5 9v4M6.5 11h4",
  award: "M12 3a6 6 0 1 0 0 12 6 6 0 0 0 0-12zM8.5 14 7 21l5-3 5 3-1.5-7",
  bed: "M3 18V7M3 14h18v4M21 14v-3a3 3 0 0 0-3-3h-7v6M7 11a1.5 1.5 0 1 0 0 .01",
  bone: "M7 4a2.5 2.5 0 0 0-2 4 2.5 2.5 0 0 0 3 3l6 6a2.5 2.5 0 0 0 3 3 2.5 2.5 0 0 0 4-2 2.5 2.5 0 0 0-3-3l-6-6a2.5 2.5 0 0 0-3-3 2.5 2.5 0 0 0-2-2z",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v5M16 3v5",
  chat: "M4 5h16v11H9l-5 4z",
  check: "M4 12l5 5L20 6",
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 3",
  doctor: "M12 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 21c0-4 4-7 8-7s8 3 8 7M12 14v4M10 16h4",
  heart: "M12 20s-7-4.5-9-9a4.5 4.5 0 0 1 9-3 4.5 4.5 0 0 1 9 3c-2 4.5-9 9-9 9z",
  hospital: "M4 21V5h16v16M9 21v-4h6v4M12 8v5M9.5 10.5h5",
  mail: "M3 6h18v12H3zM3 7l9 6 9-6",
  "map-pin": "M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zM12 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  microscope: "M6 21h12M9 18h6M10 4l4 2-3 6-4-2zM12 12a5 5 0 0 1 5 5",
  phone: "M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z",
  pill: "M8.5 20.5a5 5 0 0 1-7-7l6-6a5 5 0 0 1 7 7zM5.5 10.5l7 7",
  scan: "M4 8V4h4M16 4h4v4M20 16v4h-4M8 20H4v-4M7 12h10",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z",
  stethoscope: "M6 3v6a4 4 0 0 0 8 0V3M10 13v3a4 4 0 0 0 8 0v-2M18 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4z",
  team: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3.5 3-6 7-6s7 2.5 7 6M16 5a3 3 0 0 1 0 6M18 14c2.5.5 4 2.8 4 6",
  facebook: "M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8z",
  instagram: "M4 4h16v16H4zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM17 6.5v.01",
  x: "M4 4l16 16M20 4L4 20",
  youtube: "M3 7a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zM10 9l5 3-5 3z",
  linkedin: "M4 9h4v11H4zM6 4a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM11 9h4v2a4 4 0 0 1 6 3v6h-4v-6a2 2 0 0 0-4 0v6h-2z",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6L6 18",
  "chevron-down": "M6 9l6 6 6-6",
  "arrow-up": "M12 19V5M5 12l7-7 7 7",
  search: "M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.5 15.5 20 20",
};

/** Every name Icon can draw: the config icon set, social networks and interface glyphs. */
export type IconGlyph = keyof typeof paths;

/** Draws one icon at the current font size and colour. */
export function Icon({ name, className }: { name: IconGlyph; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}

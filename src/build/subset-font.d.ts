/** subset-font ships no types: the calls the build and its tests make (see its README). */
declare module "subset-font" {
  interface SubsetOptions {
    targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
    preserveNameIds?: number[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    /** Keep only the given characters' own glyphs, none reached through the layout rules (tests show what that loses). */
    noLayoutClosure?: boolean;
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}

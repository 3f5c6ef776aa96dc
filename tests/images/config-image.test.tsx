// @vitest-environment jsdom

import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfigImage } from "../../src/site/ui/ConfigImage";

const photo = { src: "/images/home/hero.jpg", alt: "The hospital's front", width: 1600, height: 1000 };
const drawing = { src: "/images/home/hero.svg", alt: "A drawing", width: 640, height: 480 };

const parse = (html: string) => {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host;
};

// A production build (client bundle and prerenderer) has DEV false; vitest runs with DEV true.
describe("ConfigImage in a production build", () => {
  beforeEach(() => {
    vi.stubEnv("DEV", false);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("offers a raster's AVIF then WebP variants with srcset and sizes, the original as the fallback", () => {
    const html = renderToString(
      <ConfigImage image={photo} className="hero__image" sizes="(max-width: 599px) 0px, 510px" />,
    );
    const picture = parse(html).querySelector("picture");
    expect(picture?.className).toBe("config-image");
    const sources = [...(picture?.querySelectorAll("source") ?? [])];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0].getAttribute("srcset")).toBe(
      "/images/_v/home/hero.jpg-480w.avif 480w, /images/_v/home/hero.jpg-768w.avif 768w, /images/_v/home/hero.jpg-1200w.avif 1200w, /images/_v/home/hero.jpg.avif 1600w",
    );
    expect(sources[1].getAttribute("srcset")).toContain("/images/_v/home/hero.jpg-480w.webp 480w");
    for (const source of sources) expect(source.getAttribute("sizes")).toBe("(max-width: 599px) 0px, 510px");
    const img = picture?.querySelector("img");
    expect(img?.getAttribute("src")).toBe("/images/home/hero.jpg");
    expect(img?.getAttribute("class")).toBe("hero__image");
    expect(img?.getAttribute("alt")).toBe("The hospital's front");
    expect(img?.getAttribute("width")).toBe("1600");
    expect(img?.getAttribute("height")).toBe("1000");
    expect(img?.getAttribute("decoding")).toBe("async");
  });

  it("sizes a raster to the viewport's width when the caller says nothing", () => {
    const html = renderToString(<ConfigImage image={photo} />);
    expect(parse(html).querySelector("source")?.getAttribute("sizes")).toBe("100vw");
  });

  it("keeps lazy loading and priority on the fallback <img>, where browsers read them", () => {
    const lazy = parse(renderToString(<ConfigImage image={photo} lazy />)).querySelector("picture img");
    expect(lazy?.getAttribute("loading")).toBe("lazy");
    expect(lazy?.hasAttribute("fetchpriority")).toBe(false);
    const first = parse(renderToString(<ConfigImage image={photo} priority="high" />)).querySelector("picture img");
    expect(first?.getAttribute("fetchpriority")).toBe("high");
    expect(first?.hasAttribute("loading")).toBe(false);
  });

  it("renders an SVG as the one <img> it always was (React preloading it when prioritised)", () => {
    expect(renderToString(<ConfigImage image={drawing} className="hero__image" priority="high" />)).toBe(
      '<link rel="preload" as="image" href="/images/home/hero.svg" fetchPriority="high"/>' +
        '<img class="hero__image" src="/images/home/hero.svg" alt="A drawing" width="640" height="480" fetchPriority="high" decoding="async"/>',
    );
    expect(renderToString(<ConfigImage image={drawing} alt="" lazy />)).toBe(
      '<img src="/images/home/hero.svg" alt="" width="640" height="480" loading="lazy" decoding="async"/>',
    );
  });

  it("lets a small image that is not the page's subject wait (fetchpriority low, no preload)", () => {
    expect(renderToString(<ConfigImage image={drawing} className="logo__image" priority="low" />)).toBe(
      '<img class="logo__image" src="/images/home/hero.svg" alt="A drawing" width="640" height="480" fetchPriority="low" decoding="async"/>',
    );
    const img = parse(renderToString(<ConfigImage image={photo} priority="low" />)).querySelector("picture img");
    expect(img?.getAttribute("fetchpriority")).toBe("low");
  });

  it("offers an empty picture where the page hides the image, so nothing is fetched there", () => {
    const hiddenOn = "(max-width: 599px)";
    const svg = parse(renderToString(<ConfigImage image={drawing} priority="high" hiddenOn={hiddenOn} />));
    const first = svg.querySelector("picture source");
    expect(first?.getAttribute("media")).toBe(hiddenOn);
    expect(first?.getAttribute("srcset")).toMatch(/^data:image\/gif;base64,/);
    expect(svg.querySelector("picture img")?.getAttribute("src")).toBe("/images/home/hero.svg");
    // No preload of its own, which a phone would follow whatever the <picture> picks.
    expect(svg.querySelector("link")).toBeNull();
    const raster = parse(renderToString(<ConfigImage image={photo} priority="high" hiddenOn={hiddenOn} />));
    expect([...raster.querySelectorAll("picture source")].map((s) => s.getAttribute("media"))).toEqual([
      hiddenOn,
      null,
      null,
    ]);
    expect(raster.querySelector('link[rel="preload"]')?.getAttribute("media")).toBe(`not all and ${hiddenOn}`);
  });

  it("preloads a prioritised raster's AVIF choice, which React does not do for an <img> in a <picture>", () => {
    const html = renderToString(<ConfigImage image={photo} priority="high" sizes="510px" />);
    const links = [...parse(html).querySelectorAll('link[rel="preload"]')];
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute("as")).toBe("image");
    expect(links[0].getAttribute("type")).toBe("image/avif");
    expect(links[0].getAttribute("imagesrcset")).toBe(parse(html).querySelector("source")?.getAttribute("srcset"));
    expect(links[0].getAttribute("imagesizes")).toBe("510px");
    expect(links[0].getAttribute("fetchpriority")).toBe("high");
    expect(parse(renderToString(<ConfigImage image={photo} lazy />)).querySelector("link")).toBeNull();
  });

  it("hydrates the prerendered <picture> without a mismatch", async () => {
    const element = <ConfigImage image={photo} className="hero__image" priority="high" sizes="510px" />;
    const host = document.createElement("div");
    host.innerHTML = renderToString(element);
    document.body.append(host);
    const recoverable = vi.fn();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const root = await act(async () => hydrateRoot(host, element, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(host.querySelectorAll("picture source")).toHaveLength(2);
    act(() => root.unmount());
    host.remove();
    errors.mockRestore();
  });
});

describe("ConfigImage on the dev server", () => {
  it("shows the original raster as a plain <img>, since only the build makes variants", () => {
    expect(import.meta.env.DEV).toBe(true);
    const host = parse(renderToString(<ConfigImage image={photo} lazy />));
    expect(host.innerHTML).toBe(
      '<img src="/images/home/hero.jpg" alt="The hospital\'s front" width="1600" height="1000" loading="lazy" decoding="async">',
    );
  });
});

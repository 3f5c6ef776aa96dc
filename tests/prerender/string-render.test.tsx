/**
 * The string renderer writes what React's renderToString writes, byte for byte, or gives up
 * (null) and leaves the render to React. The site's pages are compared whole in
 * frame.test.tsx (content by this renderer, whole pages by React).
 */
import {
  Component,
  type CSSProperties,
  createContext,
  Fragment,
  forwardRef,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  use,
  useContext,
  useId,
  useState,
} from "react";
import { preload } from "react-dom";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderStatic, staticRenderUse } from "../../src/build/prerender/string-render/render";

const Theme = createContext("plain");

function Ids({ children }: { children?: ReactNode }) {
  const id = useId();
  const other = useId();
  return (
    <label htmlFor={id} aria-describedby={other}>
      {children}
    </label>
  );
}

function Themed() {
  return <span className={useContext(Theme)}>{use(Theme)}</span>;
}

const settled = Object.assign(Promise.resolve("settled"), { status: "fulfilled" as const, value: "settled" });
function Settled() {
  return <em>{use(settled)}</em>;
}

class Derived extends Component<{ name: string }, { shown: string }> {
  override state = { shown: "" };
  static getDerivedStateFromProps(props: { name: string }) {
    return { shown: `${props.name}!` };
  }
  override render() {
    return <b>{this.state.shown}</b>;
  }
}

const Memo = memo(({ text }: { text: string }) => <i>{text}</i>);
const Forwarded = forwardRef<HTMLParagraphElement, { text: string }>(({ text }, ref) => <p ref={ref}>{text}</p>);
// A lazy component whose code is already there: its thenable settles at once.
const loadedModule = { default: () => <u>lazy</u> };
const Loaded = lazy(
  () =>
    ({
      // biome-ignore lint/suspicious/noThenProperty: a thenable that settles at once, as a preloaded chunk does.
      then: (resolve: (module: typeof loadedModule) => void) => resolve(loadedModule),
    }) as unknown as Promise<typeof loadedModule>,
);

function Preloading() {
  preload("/hero.avif", {
    as: "image",
    type: "image/avif",
    imageSrcSet: "/a.avif 1x, /b.avif 2x",
    fetchPriority: "high",
  });
  preload("/later.png", { as: "image" });
  return null;
}

/** An id tree deep enough for React's overflow (more than 30 bits of position). */
function Deep({ depth }: { depth: number }): ReactNode {
  if (depth === 0) return <Ids />;
  return [0, 1, 2].map((i) => (i === 1 ? <Deep key={i} depth={depth - 1} /> : <s key={i}>{i}</s>));
}

/** Each case by what it tries. */
const cases: Record<string, ReactNode> = {
  "adjacent texts, numbers and empty strings": (
    <p key="p">
      {"a"}
      {"b"}
      {1}
      {""}
      {2n}c<br />d{"e"}
    </p>
  ),
  "texts at the root": ["one", "two", <b key="b">three</b>, "four"],
  "entities in text and attributes": <div title={`<a href="x">&'`}>{`<script>&amp;"'</script>`}</div>,
  Telugu: <p lang="te">చికిత్స &amp; సంరక్షణ</p>,
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's writing of raw HTML is what is compared.
  dangerouslySetInnerHTML: <div className="rich" dangerouslySetInnerHTML={{ __html: "<p>raw &amp; kept</p>" }} />,
  "boolean, numeric and aliased attributes": (
    <div
      hidden
      draggable={false}
      data-on={true}
      aria-hidden={false}
      data-off={false}
      tabIndex={-1}
      role="note"
      contentEditable
      spellCheck={false}
      onCopy={() => {}}
      suppressHydrationWarning
    >
      <svg viewBox="0 0 10 10" width={10} height={10} aria-hidden="true" focusable="false">
        <path
          d="M0 0h10"
          strokeWidth={2}
          strokeLinecap="round"
          fillOpacity={0.5}
          xlinkHref="#x"
          xlinkTitle="t"
          xmlLang="en"
        />
      </svg>
      <table>
        <tbody>
          <tr>
            <td rowSpan={2} colSpan={3}>
              cell
            </td>
          </tr>
        </tbody>
      </table>
      <ol start={3} reversed>
        <li value={2}>item</li>
      </ol>
      <details open>
        <summary>more</summary>
      </details>
      <video muted autoPlay={false} controls />
    </div>
  ),
  styles: (
    <div
      style={
        {
          marginTop: 4,
          lineHeight: 1.5,
          opacity: 0,
          zIndex: 2,
          "--gap": " 1rem ",
          backgroundColor: "red",
          msTransform: "none",
          WebkitLineClamp: 3,
          width: "",
          height: undefined,
        } as CSSProperties
      }
    />
  ),
  "links and URLs": (
    <nav>
      {/* biome-ignore lint/a11y/useValidAnchor: React writes an empty href its own way. */}
      <a href="">empty</a>
      <a href="/x?a=1&b=2">{"amp"}</a>
      {/* biome-ignore lint/security/noScriptUrl: React's blocking of javascript: URLs is what is compared. */}
      {/* biome-ignore lint/a11y/useValidAnchor: the same. */}
      <a href="javascript:alert(1)">blocked</a>
      <area href="" alt="" />
    </nav>
  ),
  "empty fragments, null, false and undefined": [
    <Fragment key="f" />,
    null,
    false,
    undefined,
    <Fragment key="e">{[]}</Fragment>,
    true,
  ],
  "keyed and nested arrays": (
    <ul>
      {[
        ["a", "b"],
        ["c", ["d", <li key="e">e</li>]],
      ].map((group, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positions are what React numbers.
        <li key={i}>{group}</li>
      ))}
    </ul>
  ),
  "useId through arrays, components and a deep tree": (
    <section>
      <Ids>
        <Ids />
        {[<Ids key="1" />, <Ids key="2" />]}
      </Ids>
      <Deep depth={12} />
    </section>
  ),
  "providers, consumers and use()": (
    <Theme.Provider value="dark">
      <Themed />
      <Theme value="light">
        <Themed />
        <Theme.Consumer>{(value) => <i>{value}</i>}</Theme.Consumer>
      </Theme>
      <Themed />
      <Settled />
    </Theme.Provider>
  ),
  "Suspense boundaries between texts": (
    <div>
      before
      <Suspense fallback={<p>loading</p>}>
        inside{"twice"}
        <Suspense>{"nested"}</Suspense>
      </Suspense>
      after
    </div>
  ),
  "memo, forwardRef, a loaded lazy component and a class with derived state": (
    <>
      <Memo text="memo" />
      <Forwarded text="forwarded" />
      <Loaded />
      <Derived name="derived" />
    </>
  ),
  "images React preloads, and those it does not": (
    <div>
      <Preloading />
      <img src="/hero.jpg" alt="" fetchPriority="high" />
      <img src="/lazy.jpg" alt="" loading="lazy" />
      <img src="data:image/png;base64,AAAA" alt="" />
      <img src="/low.jpg" alt="" fetchPriority="low" />
      <img srcSet="/s1.jpg 1x, /s2.jpg 2x" sizes="50vw" alt="" crossOrigin="anonymous" />
      <picture>
        <source srcSet="/p.avif" type="image/avif" />
        <img src="/p.jpg" alt="" />
      </picture>
      {Array.from({ length: 12 }, (_, i) => `/many-${i}.jpg`).map((src) => (
        <img key={src} src={src} alt="" />
      ))}
      <img src="/later.png" alt="" fetchPriority="high" />
      <img src="/many-11.jpg" alt="" fetchPriority="high" />
    </div>
  ),
  inputs: (
    <div>
      <input type="search" name="q" defaultValue="knee" aria-label="Search" autoComplete="off" maxLength={20} />
      <input type="checkbox" name="agree" defaultChecked required />
      <input type="checkbox" checked={false} defaultChecked onChange={() => {}} />
      <input type="text" value={'a "quoted" <value>'} readOnly tabIndex={-1} />
      <input type="number" value={0} formAction="/go" onChange={() => {}} />
    </div>
  ),
  buttons: (
    <div>
      <button type="submit" name="go" formAction="/go" formMethod="post" className="b" disabled>
        Go
      </button>
      <button type="button" aria-label="close">
        <span>×</span>
      </button>
    </div>
  ),
};

function SetsState() {
  const [n, setN] = useState(0);
  if (n === 0) setN(1);
  return <p>{n}</p>;
}

function Waits() {
  return <p>{use(new Promise<string>(() => {}))}</p>;
}

describe("string renderer", () => {
  it.each(Object.entries(cases))("writes what renderToString writes: %s", (_, element) => {
    const html = renderStatic(element);
    expect(html).not.toBeNull();
    expect(html).toBe(renderToString(element));
  });

  it("leaves to React selects, <head> tags, a state set while rendering and a promise not settled", () => {
    const before = staticRenderUse.fellBack;
    for (const element of [
      <select key="i" defaultValue="x" />,
      <title key="t">t</title>,
      <SetsState key="s" />,
      <Waits key="w" />,
    ])
      expect(renderStatic(<Theme value="changed">{element}</Theme>)).toBeNull();
    expect(staticRenderUse.fellBack - before).toBe(4);
    expect([...staticRenderUse.reasons.keys()]).toEqual(
      expect.arrayContaining(["a <select> element, left to React", "a state update while rendering"]),
    );
    // A render given up leaves every context as it was.
    expect(renderStatic(<Themed />)).toBe('<span class="plain">plain</span>');
  });
});

import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createRoutesStub, NavLink } from "react-router";
import { describe, expect, it } from "vitest";
import { activeKey, isActivePath, ShellLink, StaticMarkup } from "./shell-markup";

let navTarget = "/";
function OneNavLink() {
  return <NavLink to={navTarget}>x</NavLink>;
}
const NavLinkPage = createRoutesStub([{ path: "*", Component: OneNavLink }]);

function navLinkActive(pathname: string, to: string): boolean {
  navTarget = to;
  return renderToString(<NavLinkPage initialEntries={[pathname]} />).includes('aria-current="page"');
}

describe("isActivePath", () => {
  const cases: [pathname: string, to: string][] = [
    ["/incentives", "/incentives"],
    ["/incentives/states/ca", "/incentives"],
    ["/incentives-old", "/incentives"],
    ["/incentivesx", "/incentives"],
    ["/INCENTIVES", "/incentives"],
    ["/Farms/", "/farms"],
    ["/", "/"],
    ["/about", "/"],
    ["/how-it-works", "/how-it-works/"],
    ["/how-it-works/step", "/how-it-works/"],
    ["/policy", "/policy-watch"],
  ];

  it.each(cases)("at %s, a link to %s is active exactly when NavLink says so", (pathname, to) => {
    expect(isActivePath(pathname, to)).toBe(navLinkActive(pathname, to));
  });

  it("keys a path by the targets active there", () => {
    const targets = ["/incentives", "/incentives/states", "/farms"];
    expect(activeKey("/incentives/states/ca", targets)).toBe("/incentives /incentives/states");
    expect(activeKey("/farms", targets)).toBe("/farms");
    expect(activeKey("/about", targets)).toBe("");
  });
});

describe("StaticMarkup", () => {
  it("keeps each variant's HTML as rendered, and nothing else", () => {
    const markup = new StaticMarkup();
    expect(markup.get("")).toBeUndefined();
    markup.prerender(renderToStaticMarkup, [
      ["", <p key="">none</p>],
      ["/farms", <p key="/farms">farms &amp; more</p>],
    ]);
    expect(markup.get("")).toBe("<p>none</p>");
    expect(markup.get("/farms")).toBe("<p>farms &amp; more</p>");
    expect(markup.get("/other")).toBeUndefined();
    expect(markup.size).toBe(2);
  });

  it("renders a missing variant asked for with its element once, after prerender gave the renderer", () => {
    const markup = new StaticMarkup();
    const element = () => <p>late</p>;
    expect(markup.get("late", element)).toBeUndefined();
    let renders = 0;
    markup.prerender((node) => {
      renders += 1;
      return renderToStaticMarkup(node);
    }, []);
    expect(markup.get("late", element)).toBe("<p>late</p>");
    expect(markup.get("late", element)).toBe("<p>late</p>");
    expect(renders).toBe(1);
    expect(markup.get("other")).toBeUndefined();
  });
});

describe("ShellLink", () => {
  it("is a plain link: public pages are not hydrated", () => {
    expect(
      renderToStaticMarkup(
        <ShellLink to="/farms" className="c">
          Farms
        </ShellLink>,
      ),
    ).toBe('<a class="c" href="/farms">Farms</a>');
  });
});

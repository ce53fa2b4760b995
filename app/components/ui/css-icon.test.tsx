import fs from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CssIcon } from "./css-icon";
import { cssIconSources, iconsCss } from "./css-icon-sources";

describe("icons drawn by CSS", () => {
  it("app/icons.css is what `npm run icons:css` writes from the icon list", () => {
    expect(fs.readFileSync("app/icons.css", "utf8")).toBe(iconsCss());
  });

  it("has lucide's own drawing of each icon, as a mask", () => {
    const css = iconsCss();
    for (const name of Object.keys(cssIconSources)) expect(css).toContain(`.icon-${name} {`);
    expect(decodeURIComponent(css)).toContain("<path d='M5 12h14'></path><path d='m12 5 7 7-7 7'></path>");
  });

  it("is an empty, hidden element with its size classes", () => {
    expect(renderToStaticMarkup(<CssIcon name="map-pin" className="size-4 text-sun-700" />)).toBe(
      '<span aria-hidden="true" class="icon icon-map-pin size-4 text-sun-700"></span>',
    );
  });
});

// PNG because social sites do not show SVG; the output is committed so the build needs no rasteriser.
import fs from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { industries } from "../app/content/industries";

const WIDTH = 1200;
const HEIGHT = 630;
const outDir = path.resolve("public/images/og");
fs.mkdirSync(outDir, { recursive: true });

for (const slug of [...industries.map((entry) => entry.slug), "default"]) {
  const source = fs.readFileSync(path.resolve(`public/images/industries/${slug}.svg`), "utf8");
  const inner = source.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  // The illustrations are 640×400.
  const scale = 540 / 400;
  const x = (WIDTH - 640 * scale) / 2;
  const card = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#0c2238"/>
  <rect y="${HEIGHT - 18}" width="${WIDTH}" height="18" fill="#fbbf24"/>
  <g transform="translate(${x} 36) scale(${scale})">${inner}</g>
</svg>`;
  const png = new Resvg(card, { fitTo: { mode: "width", value: WIDTH } }).render().asPng();
  fs.writeFileSync(path.join(outDir, `${slug}.png`), png);
  console.log(`${slug}.png ${(png.length / 1024).toFixed(0)} KB`);
}

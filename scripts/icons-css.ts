import fs from "node:fs";
import { iconsCss } from "../app/components/ui/css-icon-sources";

// npm run icons:css: app/icons.css from the icon list in app/components/ui/css-icon-sources.tsx.
fs.writeFileSync("app/icons.css", iconsCss());
console.log("Wrote app/icons.css");

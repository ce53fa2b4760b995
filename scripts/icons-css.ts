import fs from "node:fs";
import { iconsCss } from "../app/components/ui/css-icon-sources";

fs.writeFileSync("app/icons.css", iconsCss());
console.log("Wrote app/icons.css");

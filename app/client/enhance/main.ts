// The bundle's entry (app/client/page-script-bundle.ts): run once, where the script is inlined.
import { enhancePage } from "./index";

enhancePage();

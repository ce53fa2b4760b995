// The bundle's entry (app/client/page-script-bundle.ts): run once, from the deferred page-script file.
import { enhancePage } from "./index";

enhancePage();

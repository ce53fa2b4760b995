import { readFirstTouch } from "./attribution";
import { installBanner } from "./banner";
import { installBillFileChecks } from "./bill-file";
import { installDisclosures } from "./disclosure";
import { focusFirstProblem, installForms } from "./forms";
import { sendPageView } from "./page-view";
import { installToasts } from "./toast";

/** The one script of public pages, which are not hydrated (decisions 0004, 0005, 0008, 0031). */
export function enhancePage(doc: Document = document): void {
  installDisclosures(doc);
  installBanner(doc);
  installToasts(doc);
  installBillFileChecks(doc);
  installForms(doc, readFirstTouch());
  sendPageView();
  focusFirstProblem(doc);
  // What tests (and app.css) wait for.
  doc.documentElement.setAttribute("data-enhanced", "true");
}

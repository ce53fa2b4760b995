import { readFirstTouch } from "./attribution";
import { installBanner } from "./banner";
import { installBillFileChecks } from "./bill-file";
import { installDisclosures } from "./disclosure";
import { focusFirstProblem, installForms } from "./forms";
import { sendPageView } from "./page-view";
import { installToasts } from "./toast";

/**
 * The small script every public page carries (pages are not hydrated: decisions 0004, 0005,
 * 0008). Bundled at build time into one IIFE (app/client/page-script-bundle.ts), written to a
 * hashed file and loaded deferred at the end of <body> by app/root.tsx (decision 0031). Every behaviour is a
 * module of its own, attached to the document by event delegation.
 */
export function enhancePage(doc: Document = document): void {
  installDisclosures(doc);
  installBanner(doc);
  installToasts(doc);
  installBillFileChecks(doc);
  installForms(doc, readFirstTouch());
  sendPageView();
  focusFirstProblem(doc);
  // What tests (and app.css) wait for: the page is interactive.
  doc.documentElement.setAttribute("data-enhanced", "true");
}

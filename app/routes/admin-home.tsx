import { redirect } from "react-router";

/** /admin opens the lead workspace (the dashboard of charts is still to come). */
export function loader() {
  throw redirect("/admin/leads");
}

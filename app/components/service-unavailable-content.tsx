import {
  SERVICE_UNAVAILABLE_FORM_TEXT,
  SERVICE_UNAVAILABLE_TEXT,
  SERVICE_UNAVAILABLE_TITLE,
} from "~/lib/database-down-texts";
import { StatusPage } from "./status-page";

// Made without the database, so they still open during an outage.
const workingLinks = [
  { to: "/", label: "Home" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/about", label: "About" },
  { to: "/mission", label: "Our Mission" },
] as const;

/** HTTP 503 while the database is down (decision 0015). */
export function ServiceUnavailableContent() {
  return (
    <StatusPage code={503} title={SERVICE_UNAVAILABLE_TITLE} linksLabel="Pages that work now" links={workingLinks}>
      <p className="mt-4 text-lg text-slate-700">{SERVICE_UNAVAILABLE_TEXT}</p>
      <p className="mt-4 text-lg text-slate-700">{SERVICE_UNAVAILABLE_FORM_TEXT}</p>
    </StatusPage>
  );
}

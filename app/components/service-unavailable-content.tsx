import { Link } from "react-router";
import {
  SERVICE_UNAVAILABLE_FORM_TEXT,
  SERVICE_UNAVAILABLE_TEXT,
  SERVICE_UNAVAILABLE_TITLE,
} from "~/lib/database-down-texts";
import { Container } from "./ui/container";

// Pages made without the database, so they still open during an outage.
const workingLinks = [
  { to: "/", label: "Home" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/about", label: "About" },
  { to: "/mission", label: "Our Mission" },
] as const;

/** The page a visitor sees while the database is down (HTTP 503, decision 0015). */
export function ServiceUnavailableContent() {
  return (
    <Container className="py-20">
      <div className="mx-auto max-w-xl text-center">
        <p className="text-6xl font-bold text-sun-700 tabular">503</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-navy-900">{SERVICE_UNAVAILABLE_TITLE}</h1>
        <p className="mt-4 text-lg text-slate-700">{SERVICE_UNAVAILABLE_TEXT}</p>
        <p className="mt-4 text-lg text-slate-700">{SERVICE_UNAVAILABLE_FORM_TEXT}</p>
        <nav aria-label="Pages that work now" className="mt-8">
          <ul className="flex flex-wrap justify-center gap-3">
            {workingLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold text-navy-900 hover:border-sun-500"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </Container>
  );
}

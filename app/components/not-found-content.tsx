import { Link } from "react-router";
import { Container } from "./ui/container";

const helpfulLinks = [
  { to: "/", label: "Home" },
  { to: "/solar-calculator", label: "Solar Calculator" },
  { to: "/incentives", label: "Incentives" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/about", label: "About" },
] as const;

export function NotFoundContent() {
  return (
    <Container className="py-20">
      <div className="mx-auto max-w-xl text-center">
        <p className="text-6xl font-bold text-sun-700 tabular">404</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-navy-900">Page Not Found</h1>
        <p className="mt-4 text-lg text-slate-700">
          The page you are looking for does not exist or has moved. These pages may help:
        </p>
        <nav aria-label="Helpful pages" className="mt-8">
          <ul className="flex flex-wrap justify-center gap-3">
            {helpfulLinks.map((link) => (
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

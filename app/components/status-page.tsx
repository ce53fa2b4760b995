import type { ReactNode } from "react";
import { Link } from "react-router";
import { Container } from "./ui/container";

export function StatusPage({
  code,
  title,
  children,
  linksLabel,
  links,
}: {
  code: number;
  title: string;
  children: ReactNode;
  linksLabel: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <Container className="py-20">
      <div className="mx-auto max-w-xl text-center">
        <p className="text-6xl font-bold text-sun-700 tabular">{code}</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-navy-900">{title}</h1>
        {children}
        <nav aria-label={linksLabel} className="mt-8">
          <ul className="flex flex-wrap justify-center gap-3">
            {links.map((link) => (
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

import { StatusPage } from "./status-page";

const helpfulLinks = [
  { to: "/", label: "Home" },
  { to: "/solar-calculator", label: "Solar Calculator" },
  { to: "/incentives", label: "Incentives" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/about", label: "About" },
] as const;

export function NotFoundContent() {
  return (
    <StatusPage code={404} title="Page Not Found" linksLabel="Helpful pages" links={helpfulLinks}>
      <p className="mt-4 text-lg text-slate-700">
        The page you are looking for does not exist or has moved. These pages may help:
      </p>
    </StatusPage>
  );
}

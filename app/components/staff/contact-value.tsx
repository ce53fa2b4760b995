import { formatPhone, telHref } from "~/lib/tel-href";

const linkClass = "text-navy-800 underline underline-offset-2";

export function ContactValue({ label, value }: { label: string; value: string }) {
  if (label === "Email") {
    return (
      <a href={`mailto:${value}`} className={linkClass}>
        {value}
      </a>
    );
  }
  if (label === "Phone" && value !== "-") {
    return (
      <a href={telHref(value)} className={linkClass}>
        {formatPhone(value)}
      </a>
    );
  }
  return <>{value}</>;
}

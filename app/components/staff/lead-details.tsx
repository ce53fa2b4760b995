import { ContactValue } from "~/components/staff/contact-value";

const sectionClass = "rounded-xl border border-slate-200 bg-white p-5";
type Rows = [string, string][];
type MailRow = {
  id: string;
  subject: string;
  toAddress: string;
  status: string;
  attempts: number;
  lastError: string | null;
};

export function LeadDetails({ fields, billHref }: { fields: Rows; billHref: string | null }) {
  return (
    <section aria-labelledby="lead-details" className={sectionClass}>
      <h2 id="lead-details" className="text-lg font-semibold text-navy-900">
        Details
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">
              <ContactValue label={label} value={value} />
            </dd>
          </div>
        ))}
      </dl>
      {billHref ? (
        <a
          href={billHref}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold text-navy-900 hover:bg-slate-100"
        >
          Open the bill<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}

export function LeadSourceAndMail({ attribution, mail }: { attribution: Rows; mail: MailRow[] }) {
  return (
    <>
      <section aria-labelledby="lead-attribution" className={sectionClass}>
        <h2 id="lead-attribution" className="text-lg font-semibold text-navy-900">
          Where it came from
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {attribution.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd className="break-all text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="lead-mail" className={sectionClass}>
        <h2 id="lead-mail" className="text-lg font-semibold text-navy-900">
          E-mails
        </h2>
        {mail.length === 0 ? (
          <p className="mt-2 text-slate-700">No e-mail was queued for this lead.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {mail.map((job) => (
              <li key={job.id} className="text-sm">
                <span className="font-semibold">{job.subject}</span> to {job.toAddress}:{" "}
                <span data-testid="mail-status">{job.status}</span>
                {job.attempts > 0 ? ` after ${job.attempts} attempt${job.attempts === 1 ? "" : "s"}` : ""}
                {job.lastError && job.status !== "sent" ? ` (last error: ${job.lastError})` : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

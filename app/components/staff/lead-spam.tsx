import { Link } from "react-router";
import { PostButton } from "~/components/staff/post-button";
import { formatAdminDate } from "~/lib/lead-workspace";

/** Null when not spam. Blocking: decision 0034. */
export type SpamMark = {
  at: string;
  by: string | null;
  address: string;
  domain: string;
  freeMail: boolean;
  blocked: { kind: string; value: string }[];
} | null;

export function SpamNotice({ spam, timeZone }: { spam: SpamMark; timeZone: string }) {
  if (!spam) return null;
  return (
    <div role="note" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
      <p>
        <strong>Spam.</strong> Marked {spam.by ? `by ${spam.by} ` : ""}on {formatAdminDate(spam.at, timeZone)}: it is in
        no list, count or follow-up e-mail.
      </p>
      <div className="mt-2">
        <PostButton intent="not-spam" label="Not spam" busyLabel="Restoring..." />
      </div>
      <SenderBlock spam={spam} />
    </div>
  );
}

function SenderBlock({ spam }: { spam: NonNullable<SpamMark> }) {
  if (spam.blocked.length > 0) {
    return (
      <p className="mt-3 text-sm">
        Blocked: {spam.blocked.map((block) => block.value).join(", ")}. Lift a block in{" "}
        <Link to="/admin/leads/blocked" className="font-semibold text-navy-800 underline underline-offset-2">
          Blocked senders
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="mt-3 text-sm">
      <p>Block future forms from this sender? They see the usual thank-you; nothing is stored or sent.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <PostButton intent="block-address" label={`Block ${spam.address}`} busyLabel="Blocking..." danger />
        {spam.freeMail ? null : (
          <PostButton intent="block-domain" label={`Block all of ${spam.domain}`} busyLabel="Blocking..." danger />
        )}
      </div>
      {spam.freeMail ? (
        <p className="mt-1 text-slate-700">{spam.domain} is a free-mail domain: only the address can be blocked.</p>
      ) : null}
    </div>
  );
}

export function SpamSection({ spam }: { spam: SpamMark }) {
  if (spam) return null;
  return (
    <section aria-labelledby="lead-spam" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="lead-spam" className="text-lg font-semibold text-navy-900">
        Spam
      </h2>
      <p className="mt-1 text-sm text-slate-700">Takes it out of every list and count. You can undo it.</p>
      <div className="mt-3">
        <PostButton intent="spam" label="Mark as spam" busyLabel="Marking..." danger />
      </div>
    </section>
  );
}

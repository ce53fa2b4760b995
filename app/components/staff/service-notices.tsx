import type { ReactNode } from "react";

const KIND_WORDS: Record<string, string> = {
  "sign-up": "Sign-up confirmations (and so sign-up itself)",
  "password-reset": "Password-reset links",
  invitation: "Invitations",
};

function ServiceNotice({
  id,
  title,
  items,
  after,
}: {
  id: string;
  title: string;
  items: ReactNode[];
  after: ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby={id}
      className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-slate-900"
      data-testid={id}
    >
      <h2 id={id} className="font-semibold text-navy-900">
        {title}
      </h2>
      <ul className="mt-2 list-disc pl-5 break-words">{items}</ul>
      <p className="mt-2 text-sm">{after}</p>
    </section>
  );
}

export function MailBudgetNotice({ paused }: { paused: readonly { kind: string; seconds: number }[] }) {
  return (
    <ServiceNotice
      id="mail-budget"
      title="Account e-mails paused: the hour's budget is used up"
      items={paused.map(({ kind, seconds }) => (
        <li key={kind}>
          {KIND_WORDS[kind] ?? kind}: for about {Math.max(1, Math.ceil(seconds / 60))} more minutes.
        </li>
      ))}
      after="Usually a flood of sign-ups from strangers. Each kind has its own budget (ACCOUNT_MAILS_PER_HOUR), so the others still go out."
    />
  );
}

export function PausedWebhooksNotice({ paused }: { paused: readonly { url: string; description: string }[] }) {
  return (
    <ServiceNotice
      id="paused-webhooks"
      title="Webhooks paused after failing again and again"
      items={paused.map((hook) => <li key={hook.url}>{hook.description || hook.url}</li>)}
      after={
        <>
          Their leads wait in the queue. <a href="/admin/webhooks">Resume them on the Webhooks page</a> once the
          receiver answers.
        </>
      }
    />
  );
}

const KIND_WORDS: Record<string, string> = {
  "sign-up": "Sign-up confirmations (and so sign-up itself)",
  "password-reset": "Password-reset links",
  invitation: "Invitations",
};

/** Account e-mails whose hourly budget is used up: who cannot get one now, and for how long. */
export function MailBudgetNotice({ paused }: { paused: readonly { kind: string; seconds: number }[] }) {
  if (paused.length === 0) return null;
  return (
    <section
      aria-labelledby="mail-budget"
      className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-slate-900"
      data-testid="mail-budget"
    >
      <h2 id="mail-budget" className="font-semibold text-navy-900">
        Account e-mails paused: the hour's budget is used up
      </h2>
      <ul className="mt-2 list-disc pl-5">
        {paused.map(({ kind, seconds }) => (
          <li key={kind}>
            {KIND_WORDS[kind] ?? kind}: for about {Math.max(1, Math.ceil(seconds / 60))} more minutes.
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        Usually a flood of sign-ups from strangers. Each kind has its own budget (ACCOUNT_MAILS_PER_HOUR), so the others
        still go out.
      </p>
    </section>
  );
}

/** Webhook endpoints the worker paused after failing again and again: leads for them wait. */
export function PausedWebhooksNotice({ paused }: { paused: readonly { url: string; description: string }[] }) {
  if (paused.length === 0) return null;
  return (
    <section
      aria-labelledby="paused-webhooks"
      className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-slate-900"
      data-testid="paused-webhooks"
    >
      <h2 id="paused-webhooks" className="font-semibold text-navy-900">
        Webhooks paused after failing again and again
      </h2>
      <ul className="mt-2 list-disc pl-5">
        {paused.map((hook) => (
          <li key={hook.url} className="break-all">
            {hook.description || hook.url}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        Their leads wait in the queue. <a href="/admin/webhooks">Resume them on the Webhooks page</a> once the receiver
        answers.
      </p>
    </section>
  );
}

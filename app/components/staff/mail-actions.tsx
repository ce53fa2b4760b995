import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { buttonClasses } from "~/components/ui/button";
import { Input } from "~/components/ui/form";
import type { ToastMessage } from "~/lib/toast";

/** The worker sends within seconds. */
const LOOK_AGAIN_MS = [3_000, 10_000];

export function MailActions({ id, subject, to }: { id: string; subject: string; to: string }) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  useToastFrom(fetcher.data?.toast);
  const done = fetcher.state === "idle" && fetcher.data?.toast?.variant === "success";
  useEffect(() => {
    if (!done) return;
    setEditing(false);
    const timers = LOOK_AGAIN_MS.map((ms) => setTimeout(() => revalidator.revalidate(), ms));
    return () => timers.forEach(clearTimeout);
  }, [done, revalidator.revalidate]);
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex flex-wrap gap-2">
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="intent" value="retry" disabled={busy} className={buttonClasses("outline", "md")}>
          {busy ? "Working..." : "Retry"}
          <span className="sr-only"> {subject}</span>
        </button>
      </fetcher.Form>
      {editing ? (
        <fetcher.Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="intent" value="readdress" />
          <label htmlFor={`mail-to-${id}`} className="sr-only">
            New address for {subject}
          </label>
          <Input id={`mail-to-${id}`} name="to" type="email" defaultValue={to} maxLength={254} className="w-56" />
          <button type="submit" disabled={busy} className={buttonClasses("secondary", "md")}>
            Send there
          </button>
        </fetcher.Form>
      ) : (
        <button type="button" onClick={() => setEditing(true)} className={buttonClasses("outline", "md")}>
          Change address<span className="sr-only"> of {subject}</span>
        </button>
      )}
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="intent" value="discard" disabled={busy} className={buttonClasses("outline", "md")}>
          Discard<span className="sr-only"> {subject}</span>
        </button>
      </fetcher.Form>
    </div>
  );
}

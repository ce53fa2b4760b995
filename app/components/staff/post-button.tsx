import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import type { ToastMessage } from "~/lib/toast";

const buttonClass =
  "min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-navy-800 hover:bg-slate-50";

/** A fetcher with JavaScript, a plain form post without. */
export function PostButton(props: {
  intent: string;
  fields?: Record<string, string>;
  label: string;
  busyLabel?: string;
  /** For when the label alone is ambiguous in a list. */
  ariaLabel?: string;
  danger?: boolean;
}) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  useToastFrom(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="inline">
      <input type="hidden" name="intent" value={props.intent} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        aria-label={props.ariaLabel}
        disabled={busy}
        className={props.danger ? `${buttonClass} text-red-800` : buttonClass}
      >
        {busy && props.busyLabel ? props.busyLabel : props.label}
      </button>
    </fetcher.Form>
  );
}

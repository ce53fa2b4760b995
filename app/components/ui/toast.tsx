import { CircleAlert, CircleCheck } from "lucide-react";
import { cn } from "~/lib/cn";
import type { ToastMessage } from "~/lib/toast";
import { CssIcon } from "./css-icon";

/** Server-rendered, so they exist without JavaScript; app/client/enhance/ handles the close button. */
export function Toast({
  toast,
  className,
  onDismiss,
  onUndo,
}: {
  toast: ToastMessage;
  className?: string;
  /** Staff app only; public pages use app/client/enhance/. */
  onDismiss?: () => void;
  onUndo?: () => void;
}) {
  const destructive = toast.variant === "destructive";
  const Icon = destructive ? CircleAlert : CircleCheck;
  return (
    <div
      role={destructive ? "alert" : "status"}
      data-toast
      className={cn(
        "pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border p-4 shadow-lg",
        destructive ? "border-red-800 bg-red-700 text-white" : "border-green-700/30 bg-white text-slate-900",
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn("mt-0.5 size-5 shrink-0", destructive ? "text-white" : "text-green-700")}
      />
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
      </div>
      {onUndo ? (
        <button
          type="button"
          onClick={onUndo}
          className="-my-2 inline-flex min-h-11 items-center rounded-md px-2 font-semibold text-navy-800 underline underline-offset-4"
        >
          Undo
        </button>
      ) : null}
      <button
        type="button"
        data-toast-dismiss
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-m-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded-md opacity-80 hover:opacity-100"
      >
        <CssIcon name="x" className="size-4" />
      </button>
    </div>
  );
}

export function ToastRegion({ toasts }: { toasts: readonly (ToastMessage | null | undefined)[] }) {
  const shown = toasts.filter((toast): toast is ToastMessage => Boolean(toast));
  if (shown.length === 0) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
      {shown.map((toast) => (
        <Toast key={`${toast.title}-${toast.description ?? ""}`} toast={toast} />
      ))}
    </div>
  );
}

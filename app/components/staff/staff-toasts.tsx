import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Toast } from "~/components/ui/toast";
import type { ToastMessage } from "~/lib/toast";

type Entry = ToastMessage & { id: number };
const ToastContext = createContext<(toast: ToastMessage) => void>(() => {});

let nextId = 1;

export function StaffToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Entry[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const push = useCallback(
    (toast: ToastMessage) => setToasts((all) => [...all.slice(-3), { ...toast, id: nextId++ }]),
    [],
  );
  const undo = useFetcher<{ toast?: ToastMessage }>();
  useEffect(() => {
    if (undo.state === "idle" && undo.data?.toast) push(undo.data.toast);
  }, [undo.state, undo.data, push]);
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {toasts.map((toast) => (
          <AutoDismiss key={toast.id} onDone={() => dismiss(toast.id)}>
            <Toast
              toast={toast}
              onDismiss={() => dismiss(toast.id)}
              onUndo={
                toast.undo
                  ? () => {
                      const { action, fields } = toast.undo ?? { action: "", fields: [] };
                      undo.submit(new URLSearchParams(fields), { method: "post", action });
                      dismiss(toast.id);
                    }
                  : undefined
              }
            />
          </AutoDismiss>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function AutoDismiss({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDone, 8000);
    return () => clearTimeout(timer);
  }, [onDone]);
  return <>{children}</>;
}

export function usePushToast() {
  return useContext(ToastContext);
}

/** Pushes when `toast` changes identity (a new answer from an action). */
export function useToastFrom(toast: ToastMessage | null | undefined) {
  const push = usePushToast();
  useEffect(() => {
    if (toast) push(toast);
  }, [toast, push]);
}

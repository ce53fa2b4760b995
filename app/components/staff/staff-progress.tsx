import { useFetchers, useNavigation } from "react-router";

/** So a slow answer never looks like nothing, to screen readers too. */
export function StaffProgress() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  return (
    <>
      <div
        aria-hidden="true"
        data-testid="staff-progress"
        data-busy={busy ? "" : undefined}
        className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-1 bg-sun-500 transition-opacity duration-300 ${busy ? "animate-pulse opacity-100" : "opacity-0"}`}
      />
      {/* A live region, not role="status": the pages' own status messages keep that role to themselves. */}
      <p aria-live="polite" className="sr-only" data-testid="staff-progress-said">
        {busy ? "Loading…" : ""}
      </p>
    </>
  );
}

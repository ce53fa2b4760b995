import { lazy, Suspense, useEffect, useState } from "react";
import type { LeadsByDay, ViewsByDay } from "./dashboard-chart-drawings";

/**
 * Drawn in the browser: recharts (about 110 KB gzip) loads in its own chunk. The server renders the
 * same figures as tables, for screen readers and no-JS; the pictures are hidden from both.
 */
const LeadsDrawing = lazy(() => import("./dashboard-chart-drawings").then((m) => ({ default: m.LeadsDrawing })));
const ViewsDrawing = lazy(() => import("./dashboard-chart-drawings").then((m) => ({ default: m.ViewsDrawing })));

function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

export function LeadsChart({ data }: { data: LeadsByDay }) {
  if (!useMounted()) return null;
  return (
    <Suspense fallback={null}>
      <LeadsDrawing data={data} />
    </Suspense>
  );
}

export function ViewsChart({ data }: { data: ViewsByDay }) {
  if (!useMounted()) return null;
  return (
    <Suspense fallback={null}>
      <ViewsDrawing data={data} />
    </Suspense>
  );
}

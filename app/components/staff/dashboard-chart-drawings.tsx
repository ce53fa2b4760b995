import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";

/** Its own chunk, loaded by dashboard-charts.tsx once the page runs. */
const colours = { bill: "#14304d", consultation: "#b45309", guide: "#15803d", estimate: "#6d28d9" } as const;

export type LeadsByDay = { day: string; bill: number; consultation: number; guide: number; estimate: number }[];
export type ViewsByDay = { day: string; count: number }[];

const shortDay = (day: string) => day.slice(5);

export function LeadsDrawing({ data }: { data: LeadsByDay }) {
  return (
    <div aria-hidden="true" className="overflow-x-auto" data-testid="leads-chart">
      <BarChart
        width={760}
        height={260}
        data={data}
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Legend />
        <Bar dataKey="bill" name="Bill uploads" stackId="leads" fill={colours.bill} />
        <Bar dataKey="consultation" name="Consultations" stackId="leads" fill={colours.consultation} />
        <Bar dataKey="guide" name="Guide requests" stackId="leads" fill={colours.guide} />
        <Bar dataKey="estimate" name="Estimates e-mailed" stackId="leads" fill={colours.estimate} />
      </BarChart>
    </div>
  );
}

export function ViewsDrawing({ data }: { data: ViewsByDay }) {
  return (
    <div aria-hidden="true" className="overflow-x-auto" data-testid="views-chart">
      <LineChart
        width={760}
        height={220}
        data={data}
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Line type="monotone" dataKey="count" name="Page views" stroke={colours.bill} strokeWidth={2} dot={false} />
      </LineChart>
    </div>
  );
}

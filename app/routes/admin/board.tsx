import { data, Link } from "react-router";
import { type BoardColumn, LeadBoard } from "~/components/staff/lead-board";
import { LeadFilterFields } from "~/components/staff/lead-filter-fields";
import { ListSearchForm } from "~/components/staff/list-page";
import { useSearchAsYouType } from "~/components/staff/use-search-as-you-type";
import { noStoreHeaders } from "~/lib/cache-headers";
import {
  isLeadStatus,
  LEAD_STATUS_LABELS,
  type LeadKind,
  leadFiltersFrom,
  leadFiltersToParams,
} from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { staffContext } from "~/server/auth/staff-guard.server";
import { today } from "~/server/clock.server";
import { getConfig } from "~/server/config.server";
import { readSmallFormData } from "~/server/forms.server";
import { assignableStaff } from "~/server/queries/lead-owners.server";
import { leadBoard } from "~/server/queries/staff-leads.server";
import { database } from "~/server/request-context.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import { changeLeadStatus } from "~/server/webhooks/lead-webhooks.server";
import type { Route } from "./+types/board";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Pipeline", description: "Staff area.", noindex: true });
}

/** The list's filters but status: the columns are the statuses. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = { ...leadFiltersFrom(new URL(request.url).searchParams), status: null, page: 1 };
  const timeZone = getConfig().SITE_TIME_ZONE;
  const scope = { ...filters, viewerId: context.get(staffContext).id, today: today(), timeZone };
  const db = await database(context);
  const [columns, staff]: [BoardColumn[], Awaited<ReturnType<typeof assignableStaff>>] = await Promise.all([
    leadBoard(db, scope),
    assignableStaff(db),
  ]);
  const owners = staff.map(({ id, name, email }) => ({ id, name: name || email }));
  return { filters, columns, owners, timeZone };
}

type MoveAnswer = { toast: ToastMessage };
const LEAD_REF = /^(bill|consultation|guide|estimate):([0-9a-f-]{36})$/;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  const ref = LEAD_REF.exec(String(form.get("lead") ?? ""));
  const status = form.get("status");
  if (problem || !ref || !isLeadStatus(status) || form.get("intent") !== "move") {
    const toast = {
      title: "Not moved",
      description: problem ?? "Reload the page and try again.",
      variant: "destructive",
    } as const;
    return data<MoveAnswer>({ toast }, { status: 400 });
  }
  const [, kind, id] = ref as unknown as [string, LeadKind, string];
  const db = await database(context);
  const me = context.get(staffContext);
  const changed = await changeLeadStatus(db, { kind, id }, status, { id: me.id, name: me.name || me.email });
  if (!changed) return data<MoveAnswer>({ toast: { title: "No such lead", variant: "destructive" } }, { status: 404 });
  return { toast: { title: `Moved to ${LEAD_STATUS_LABELS[status]}`, variant: "success" } } satisfies MoveAnswer;
}

export default function AdminBoard({ loaderData }: Route.ComponentProps) {
  const { filters, columns, owners, timeZone } = loaderData;
  const { formRef, searchSoon, searchNow } = useSearchAsYouType("/admin/leads/board");
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-navy-900">Pipeline</h1>
          <p className="mt-1 text-slate-700">Every lead by status. Move a card with its select, or drag it.</p>
        </div>
        <Link
          to={`/admin/leads?${leadFiltersToParams(filters)}`}
          className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-4"
        >
          The same leads as a list
        </Link>
      </div>
      <ListSearchForm formRef={formRef} label="Pipeline" className="grid sm:grid-cols-[1fr_auto_auto_auto]">
        <LeadFilterFields
          idPrefix="board"
          filters={filters}
          owners={owners}
          searchSoon={searchSoon}
          searchNow={searchNow}
          board
        />
      </ListSearchForm>
      <LeadBoard columns={columns} timeZone={timeZone} />
    </>
  );
}

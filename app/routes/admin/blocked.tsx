import { data, Link } from "react-router";
import { PostButton } from "~/components/staff/post-button";
import { TableBox } from "~/components/staff/table-box";
import { TableHead } from "~/components/staff/table-head";
import { noStoreHeaders } from "~/lib/cache-headers";
import { isUuid } from "~/lib/ids";
import { formatAdminDate } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { recordStaffAudit } from "~/server/audit/staff-audit.server";
import { getConfig } from "~/server/config.server";
import { readSmallFormData } from "~/server/forms.server";
import { liftBlock, listBlocks } from "~/server/leads/lead-blocks.server";
import { leadHooksChanged } from "~/server/leads/lead-hooks.server";
import { database } from "~/server/request-context.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/blocked";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Blocked senders", description: "Staff area.", noindex: true });
}

/** Admins only: under the leads section's guard (routes/admin/leads-area.tsx). */
export async function loader({ context }: Route.LoaderArgs) {
  const blocks = await listBlocks(await database(context));
  return {
    blocks: blocks.map((block) => ({ ...block, createdAt: block.createdAt.toISOString() })),
    timeZone: getConfig().SITE_TIME_ZONE,
  };
}

const answer = (toast: ToastMessage, status = 200) => data({ toast }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  const id = form.get("id");
  if (problem || form.get("intent") !== "lift" || typeof id !== "string" || !isUuid(id))
    return answer(
      { title: "Nothing was changed", description: problem ?? "Reload the page.", variant: "destructive" },
      400,
    );
  const db = await database(context);
  const lifted = await liftBlock(db, id);
  if (!lifted) return answer({ title: "Already lifted", description: "Reload the page." }, 404);
  await leadHooksChanged();
  await recordStaffAudit(
    context,
    { action: "block.lifted", subject: lifted.value, details: { kind: lifted.kind } },
    db,
  );
  return answer({ title: `${lifted.value} is no longer blocked`, variant: "success" });
}

export default function AdminBlocked({ loaderData }: Route.ComponentProps) {
  const { blocks, timeZone } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">Blocked senders</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Forms from these addresses and domains get the usual thank-you, but nothing is stored or sent. Block one from a
        lead marked as spam;{" "}
        <Link to="/admin/leads?spam=1" className="font-semibold text-navy-800 underline underline-offset-2">
          see the spam
        </Link>
        .
      </p>
      {blocks.length === 0 ? (
        <p className="mt-6 text-slate-700">Nothing is blocked.</p>
      ) : (
        <TableBox className="mt-6">
          <table className="w-full text-left text-sm" data-testid="blocked-senders">
            <TableHead headings={["Blocked", "What", "By", "On", ""]} />
            <tbody>
              {blocks.map((block) => (
                <tr key={block.id} className="border-t border-slate-200 align-top">
                  <td className="break-all px-3 py-2 font-medium">{block.value}</td>
                  <td className="px-3 py-2">{block.kind === "domain" ? "Whole domain" : "Address"}</td>
                  <td className="px-3 py-2">{block.createdBy}</td>
                  <td className="whitespace-nowrap px-3 py-2">{formatAdminDate(block.createdAt, timeZone)}</td>
                  <td className="px-3 py-2">
                    <PostButton
                      intent="lift"
                      fields={{ id: block.id }}
                      label="Lift"
                      busyLabel="Lifting..."
                      ariaLabel={`Lift the block on ${block.value}`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </>
  );
}

import { inArray, or } from "drizzle-orm";
import { LEAD_EMAIL_TEMPLATES } from "~/content/lead-email-templates";
import { type AuditAction, type AuditSubject, isAuditAction } from "~/lib/audit";
import { editorPath, KIND_TITLES, kindOfSegment } from "~/lib/content-kinds";
import { CONTENT_BLOCKS, isContentBlockKey, parseSolarDataKey, solarDataTitle } from "~/lib/content-schemas";
import { isUuid } from "~/lib/ids";
import type { AppDatabase } from "../db/client.server";
import {
  emailOutbox,
  incentives,
  industries,
  leadSubmissions,
  leads,
  policyUpdates,
  user,
  webhooks,
} from "../db/schema";
import { maskEmail } from "../log.server";
import type { AuditListRow } from "./audit-log.server";

/** Named when the page is read, so a rename shows and nothing personal is copied into the log. */

const SUBJECTS: Record<AuditAction, "account" | "lead" | "bill" | "content" | "mail" | "webhook" | "template" | null> =
  {
    "sign-in.ok": "account",
    "sign-in.failed": "account",
    "sign-in.limited": "account",
    "role.granted": "account",
    "role.revoked": "account",
    "leads.exported": null,
    "bill.opened": "bill",
    "content.published": "content",
    "content.restored": "content",
    "mail.retried": "mail",
    "mail.readdressed": "mail",
    "mail.discarded": "mail",
    "session.revoked": "account",
    "password.changed": "account",
    "profile.changed": "account",
    "password.reset": "account",
    "two-factor.enabled": "account",
    "two-factor.disabled": "account",
    "account.disabled": "account",
    "account.enabled": "account",
    "account.invited": "account",
    "invitation.revoked": "account",
    "invitation.accepted": "account",
    "settings.changed": null,
    "webhook.added": "webhook",
    "webhook.changed": "webhook",
    "webhook.removed": "webhook",
    "email-template.changed": "template",
    "backup.completed": null,
    "backup.failed": null,
    "backup.restored": null,
    "lead.spam": "lead",
    "lead.not-spam": "lead",
    "block.added": null,
    "block.lifted": null,
    // A digest of the address, on purpose: the log must not name whom a privacy request was about.
    "privacy.exported": null,
    "privacy.deleted": null,
    "retention.purged": null,
  };

const TITLED = { incentive: incentives, policy_update: policyUpdates, industry: industries } as const;
type TitledKind = keyof typeof TITLED;

type Ref =
  | { to: "account"; key: string }
  | { to: "lead" | "bill" | "mail"; id: string }
  | { to: "content"; kind: TitledKind; id: string }
  | { to: "webhook"; url: string; state: string }
  | { to: "named"; text: string; href: string };

function refOf(row: AuditListRow): Ref | null {
  const subject = row.subject;
  if (!subject || !isAuditAction(row.action)) return null;
  if (row.action === "settings.changed" && subject === "business")
    return { to: "named", text: "Business details", href: "/admin/settings" };
  switch (SUBJECTS[row.action]) {
    case "account":
      return { to: "account", key: subject };
    case "lead":
      // A spam mark names the lead's kind: a bill upload is a lead submission.
      if (!isUuid(subject)) return null;
      return row.details.kind === "bill" ? { to: "bill", id: subject } : { to: "lead", id: subject };
    case "bill":
    case "mail": {
      const to = SUBJECTS[row.action] as "bill" | "mail";
      return isUuid(subject) ? { to, id: subject } : null;
    }
    case "content":
      return contentRef(subject);
    case "webhook": {
      const [, url = subject, state = ""] = /^(.*?)( \((?:paused|resumed)\))?$/.exec(subject) ?? [];
      return { to: "webhook", url, state };
    }
    case "template": {
      const [, id, builtIn = ""] = /^(.*?)( \(built-in text\))?$/.exec(subject) ?? [];
      const template = LEAD_EMAIL_TEMPLATES.find((each) => each.id === id);
      return template ? { to: "named", text: `${template.label}${builtIn}`, href: "/admin/mail/templates" } : null;
    }
    default:
      return null;
  }
}

function contentRef(subject: string): Ref | null {
  const [, segment, id = ""] = /^([a-z-]+):(.+)$/.exec(subject) ?? [];
  const kind = kindOfSegment(segment);
  if (kind === "site_content")
    return isContentBlockKey(id) ? { to: "named", text: CONTENT_BLOCKS[id].label, href: editorPath(kind, id) } : null;
  if (kind === "solar_data")
    return parseSolarDataKey(id) ? { to: "named", text: solarDataTitle(id), href: editorPath(kind, id) } : null;
  return kind && isUuid(id) ? { to: "content", kind, id } : null;
}

export type NamedAuditRow = AuditListRow & { actorName: string | null; shownSubject: AuditSubject | null };

export async function nameAuditRows(db: AppDatabase, rows: readonly AuditListRow[]): Promise<NamedAuditRow[]> {
  const refs = rows.map(refOf);
  const wanted = <T>(pick: (ref: Ref) => T | null | undefined) => [
    ...new Set(refs.flatMap((ref) => (ref ? (pick(ref) ?? []) : []))),
  ];
  const accountKeys = wanted((ref) => (ref.to === "account" ? ref.key : null));
  const addresses = accountKeys.filter((key) => key.includes("@")).map((key) => key.toLowerCase());
  const accountIds = [
    ...new Set([...rows.flatMap((row) => row.actorId ?? []), ...accountKeys.filter((key) => !key.includes("@"))]),
  ];
  const ids = (to: Ref["to"]) => wanted((ref) => (ref.to === to && "id" in ref ? ref.id : null));
  const contentIds = (kind: TitledKind) => wanted((ref) => (ref.to === "content" && ref.kind === kind ? ref.id : null));
  const urls = wanted((ref) => (ref.to === "webhook" ? ref.url : null));
  const read = <T>(keys: unknown[], query: () => Promise<T[]>) => (keys.length ? query() : Promise.resolve([]));

  const [accounts, leadRows, billRows, mailRows, hooks, ...titled] = await Promise.all([
    read([...accountIds, ...addresses], () => {
      const where = [
        accountIds.length ? inArray(user.id, accountIds) : null,
        addresses.length ? inArray(user.email, addresses) : null,
      ].filter((condition) => condition !== null);
      return db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(user)
        .where(or(...where));
    }),
    read(ids("lead"), () =>
      db
        .select({ id: leads.id, kind: leads.kind, name: leads.name })
        .from(leads)
        .where(inArray(leads.id, ids("lead"))),
    ),
    read(ids("bill"), () =>
      db
        .select({ id: leadSubmissions.id, person: leadSubmissions.contactName, business: leadSubmissions.businessName })
        .from(leadSubmissions)
        .where(inArray(leadSubmissions.id, ids("bill"))),
    ),
    read(ids("mail"), () =>
      db
        .select({ id: emailOutbox.id, subject: emailOutbox.subject, to: emailOutbox.toAddress })
        .from(emailOutbox)
        .where(inArray(emailOutbox.id, ids("mail"))),
    ),
    read(urls, () =>
      db
        .select({ url: webhooks.url, description: webhooks.description })
        .from(webhooks)
        .where(inArray(webhooks.url, urls)),
    ),
    ...(Object.keys(TITLED) as TitledKind[]).map((kind) => {
      const table = TITLED[kind];
      return read(contentIds(kind), () =>
        db
          .select({ id: table.id, title: table.title })
          .from(table)
          .where(inArray(table.id, contentIds(kind))),
      ).then((found) => [kind, new Map(found.map((row) => [row.id, row.title]))] as const);
    }),
  ]);

  const accountByKey = new Map<string, { name: string; email: string }>();
  for (const account of accounts) {
    accountByKey.set(account.id, account);
    accountByKey.set(account.email.toLowerCase(), account);
  }
  const leadById = new Map(leadRows.map((row) => [row.id, row]));
  const billById = new Map(billRows.map((row) => [row.id, row]));
  const mailById = new Map(mailRows.map((row) => [row.id, row]));
  const hookByUrl = new Map(hooks.map((row) => [row.url, row]));
  const titles = new Map(titled);

  const subjectOf = (ref: Ref | null, stored: string): AuditSubject => {
    const shown = (text: string, href: string | null = null) => ({ text, href, stored, gone: false });
    const gone = (what: string) => ({ text: `Deleted ${what}`, href: null, stored, gone: true });
    switch (ref?.to) {
      case undefined:
        return shown(stored);
      case "named":
        return shown(ref.text, ref.href);
      case "account": {
        // An address nobody has an account for (a failed sign-in, an invitation) is shown as it is.
        const account = accountByKey.get(ref.key.includes("@") ? ref.key.toLowerCase() : ref.key);
        return shown(account ? account.name || account.email : stored);
      }
      case "lead": {
        const lead = leadById.get(ref.id);
        return lead ? shown(lead.name, `/admin/leads/${lead.kind}/${lead.id}`) : gone("lead");
      }
      case "bill": {
        const bill = billById.get(ref.id);
        return bill ? shown(`${bill.person} · ${bill.business}`, `/admin/leads/bill/${bill.id}`) : gone("lead");
      }
      case "mail": {
        // The recipient masked: the subject already says what the message was about.
        const mail = mailById.get(ref.id);
        return mail ? shown(`“${mail.subject}” to ${maskEmail(mail.to)}`) : gone("e-mail");
      }
      case "content": {
        const title = titles.get(ref.kind)?.get(ref.id);
        const what = KIND_TITLES[ref.kind].one.toLowerCase();
        return title === undefined ? gone(what) : shown(title || `Untitled ${what}`, editorPath(ref.kind, ref.id));
      }
      case "webhook": {
        const hook = hookByUrl.get(ref.url);
        if (!hook) return shown(stored);
        return shown(`${hook.description ? `${hook.description} · ` : ""}${ref.url}${ref.state}`, "/admin/webhooks");
      }
    }
  };

  return rows.map((row, index) => {
    const actor = row.actorId ? accountByKey.get(row.actorId) : undefined;
    return {
      ...row,
      actorName: actor?.name || row.actorEmail,
      shownSubject: row.subject ? subjectOf(refs[index] ?? null, row.subject) : null,
    };
  });
}

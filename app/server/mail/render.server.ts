import { formatAdminDay } from "~/lib/lead-workspace";

/** Every visitor-supplied value is HTML-escaped; the subject is fixed per form. */
export type FormType = "Solar Advisor Consultation" | "Lead Generation" | "Solar Assessment" | "Solar Estimate";

export const mailSubjects = {
  industryConsultation: "New Solar Questions Form Submission",
  pageConsultation: "New Solar Advisor Consultation Request",
  guide: "New Lead Generation Form Submission",
  bill: "New Solar Assessment Request",
  estimate: "New Solar Estimate Request",
} as const;

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function label(key: string): string {
  return key.replace(/([A-Z])/g, " $1").replace(/^./, (first) => first.toUpperCase());
}

function display(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  return String(value);
}

export type MailContact = { email: string; phone: string; address: string };

const contactLine = (contact: MailContact) => `${contact.email} · ${contact.phone} · ${contact.address}`;

export function renderNotification(input: {
  formType: string;
  formData: Record<string, unknown>;
  leadUrl?: string | null;
  alsoFromThem?: number;
}) {
  const rows = Object.entries(input.formData);
  const others = input.alsoFromThem ?? 0;
  // Counted up to SAME_CONTACT_COUNT_CAP (100).
  const counted = others >= 100 ? "100 or more other leads" : `${others} other lead${others === 1 ? "" : "s"}`;
  const also = others ? `Also from them: ${counted} (same e-mail or business): see the lead's page.` : null;
  const open = [...(input.leadUrl ? [`Open the lead: ${input.leadUrl}`] : []), ...(also ? [also] : [])];
  if (open.length) open.push("");
  const text = [
    `${input.formType}`,
    "",
    ...open,
    ...rows.map(([key, value]) => `${label(key)}: ${display(value)}`),
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<h1 style="font-size:20px">${escapeHtml(input.formType)}</h1>
${input.leadUrl ? `<p><a href="${escapeHtml(input.leadUrl)}">Open the lead in the staff area</a></p>` : ""}
${also ? `<p><strong>${escapeHtml(also)}</strong></p>` : ""}
<table cellpadding="6" style="border-collapse:collapse">
${rows
  .map(
    ([key, value]) =>
      `<tr><th align="left" style="border-bottom:1px solid #e2e8f0">${escapeHtml(label(key))}</th><td style="border-bottom:1px solid #e2e8f0">${escapeHtml(display(value)).replace(/\n/g, "<br>")}</td></tr>`,
  )
  .join("\n")}
</table>
</body></html>`;
  return { text, html };
}

/** It goes to any address typed into a public form, so it carries nothing the visitor typed (decision 0010). */
export function renderGuideDelivery(input: {
  guideTitle: string;
  siteName: string;
  siteUrl: string;
  contact: MailContact;
}) {
  const text = [
    "Hello,",
    "",
    `Thank you for your interest. Your free guide, "${input.guideTitle}", is attached as a PDF.`,
    "",
    "If you would like to talk through what it means for your business, reply to this message or book a free consultation:",
    `${input.siteUrl}/talk-to-solar-advisor`,
    "",
    "You receive this message because this address was entered in the guide form on our website. If that was not you, please ignore it.",
    "",
    `${input.siteName}`,
    contactLine(input.contact),
    "Educational information only, not legal, tax or financial advice.",
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello,</p>
<p>Thank you for your interest. Your free guide, <strong>${escapeHtml(input.guideTitle)}</strong>, is attached as a PDF.</p>
<p>If you would like to talk through what it means for your business, reply to this message or
<a href="${escapeHtml(`${input.siteUrl}/talk-to-solar-advisor`)}">book a free consultation</a>.</p>
<p><small>You receive this message because this address was entered in the guide form on our website. If that was not you, please ignore it.</small></p>
<p>${escapeHtml(input.siteName)}<br>${escapeHtml(contactLine(input.contact))}<br><small>Educational information only, not legal, tax or financial advice.</small></p>
</body></html>`;
  return { text, html };
}

/** Nothing free-text the visitor typed (decision 0010): our words, a state from our list, computed figures. */
export function renderEstimateDelivery(input: {
  stateName: string;
  monthlyBill: string;
  savings: string;
  calculatorUrl: string;
  siteName: string;
  siteUrl: string;
  contact: MailContact;
}) {
  const text = [
    "Hello,",
    "",
    `Your solar estimate for ${input.stateName} at ${input.monthlyBill} a month is attached as a PDF: estimated first-year savings ${input.savings}, with the cost, the incentives counted, the 25-year cash flows and every assumption with its source.`,
    "",
    "Open it again or change an input:",
    input.calculatorUrl,
    "",
    "For a quote based on your own bill and roof, reply to this message or send us your bill:",
    `${input.siteUrl}/submit-bill`,
    "",
    "You receive this message because this address was entered in the calculator on our website. If that was not you, please ignore it.",
    "",
    input.siteName,
    contactLine(input.contact),
    "An estimate for planning only, not a quote and not tax advice.",
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello,</p>
<p>Your solar estimate for ${escapeHtml(input.stateName)} at ${escapeHtml(input.monthlyBill)} a month is attached as a PDF: estimated first-year savings <strong>${escapeHtml(input.savings)}</strong>, with the cost, the incentives counted, the 25-year cash flows and every assumption with its source.</p>
<p><a href="${escapeHtml(input.calculatorUrl)}">Open it again or change an input</a>.</p>
<p>For a quote based on your own bill and roof, reply to this message or <a href="${escapeHtml(`${input.siteUrl}/submit-bill`)}">send us your bill</a>.</p>
<p><small>You receive this message because this address was entered in the calculator on our website. If that was not you, please ignore it.</small></p>
<p>${escapeHtml(input.siteName)}<br>${escapeHtml(contactLine(input.contact))}<br><small>An estimate for planning only, not a quote and not tax advice.</small></p>
</body></html>`;
  return { text, html };
}

export function renderPasswordReset(input: { url: string; siteName: string; minutes: number }) {
  const text = [
    `Someone asked to reset the password of your staff account at ${input.siteName}. To choose a new password, open:`,
    "",
    input.url,
    "",
    `The link works once, for ${input.minutes} minutes. Setting a new password signs you out everywhere. If you did not ask for this, ignore this message: your password stays as it is.`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>Someone asked to reset the password of your staff account at ${escapeHtml(input.siteName)}.</p>
<p><a href="${escapeHtml(input.url)}">Choose a new password</a></p>
<p><small>The link works once, for ${input.minutes} minutes. Setting a new password signs you out everywhere. If you did not ask for this, ignore this message: your password stays as it is.</small></p>
</body></html>`;
  return { text, html };
}

export function renderAccountVerification(input: { url: string; siteName: string }) {
  const text = [
    `Please confirm your e-mail address for the staff area of ${input.siteName}:`,
    "",
    input.url,
    "",
    "An administrator may also need to approve your account. If you did not sign up, ignore this message.",
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>Please confirm your e-mail address for the staff area of ${escapeHtml(input.siteName)}:</p>
<p><a href="${escapeHtml(input.url)}">Confirm my e-mail address</a></p>
<p><small>An administrator may also need to approve your account. If you did not sign up, ignore this message.</small></p>
</body></html>`;
  return { text, html };
}

export function renderStaffInvitation(input: {
  url: string;
  siteName: string;
  role: string;
  invitedBy: string;
  expiresAt: string;
}) {
  const until = new Date(input.expiresAt).toUTCString().replace(/:\d\d GMT$/, " UTC");
  const invited = `${input.invitedBy} invited you to the staff area of ${input.siteName} as ${input.role}.`;
  const terms = `The link works once, until ${until}. If you did not expect this, ignore this message: no account is made.`;
  const text = [invited, "To choose your password and join, open:", "", input.url, "", terms].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(invited)}</p>
<p><a href="${escapeHtml(input.url)}">Choose your password and join</a></p>
<p><small>${escapeHtml(terms)}</small></p>
</body></html>`;
  return { text, html };
}

export type StaffLeadLine = {
  name: string;
  nextStep: string;
  url: string;
  snooze?: { label: string; url: string }[];
};

export function renderFollowUpDigest(input: {
  siteName: string;
  day: string;
  overdue: StaffLeadLine[];
  dueToday: StaffLeadLine[];
  listUrl: string;
}) {
  const groups = [
    { title: `Overdue (${input.overdue.length})`, lines: input.overdue },
    { title: `Due today (${input.dueToday.length})`, lines: input.dueToday },
  ].filter((group) => group.lines.length > 0);
  const intro = `Your next steps on ${input.siteName} for ${formatAdminDay(input.day)}.`;
  const text = [
    intro,
    ...groups.flatMap((group) => [
      "",
      group.title,
      ...group.lines.map(
        (line) =>
          `- ${line.name}: ${line.nextStep}\n  ${line.url}${(line.snooze ?? []).map((link) => `\n  ${link.label}: ${link.url}`).join("")}`,
      ),
    ]),
    "",
    `All of them: ${input.listUrl}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(intro)}</p>
${groups
  .map(
    (group) => `<h2 style="font-size:16px">${escapeHtml(group.title)}</h2>
<ul>${group.lines
      .map(
        (line) =>
          `<li><a href="${escapeHtml(line.url)}">${escapeHtml(line.name)}</a>: ${escapeHtml(line.nextStep)}${(
            line.snooze ?? []
          )
            .map((link) => ` · <a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`)
            .join("")}</li>`,
      )
      .join("")}</ul>`,
  )
  .join("\n")}
<p><a href="${escapeHtml(input.listUrl)}">Open My follow-ups due</a></p>
</body></html>`;
  return { text, html };
}

export function renderLeadsAssigned(input: { siteName: string; assignedBy: string; leads: StaffLeadLine[] }) {
  const count = input.leads.length === 1 ? "a lead" : `${input.leads.length} leads`;
  const intro = `${input.assignedBy} assigned ${count} to you on ${input.siteName}.`;
  const text = [intro, "", ...input.leads.map((line) => `- ${line.name}\n  ${line.url}`)].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<ul>${input.leads.map((line) => `<li><a href="${escapeHtml(line.url)}">${escapeHtml(line.name)}</a></li>`).join("")}</ul>
</body></html>`;
  return { text, html };
}

export function leadMessageFooter(siteName: string, contact: MailContact): string {
  return [siteName, contactLine(contact), "Educational information only, not legal, tax or financial advice."].join(
    "\n",
  );
}

export function renderLeadMessage(input: {
  body: string;
  siteName: string;
  contact: MailContact;
  /** Required in the footer of every sales e-mail. */
  unsubscribe?: string;
}) {
  const footer = leadMessageFooter(input.siteName, input.contact);
  const stop = input.unsubscribe ? `\nNo more e-mails from us: ${input.unsubscribe}` : "";
  const text = `${input.body}\n\n--\n${footer}${stop}`;
  const paragraphs = input.body
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
${paragraphs}
<p style="color:#475569"><small>${escapeHtml(footer).replace(/\n/g, "<br>")}</small></p>
${input.unsubscribe ? `<p style="color:#475569"><small><a href="${escapeHtml(input.unsubscribe)}">No more e-mails from us</a></small></p>\n` : ""}</body></html>`;
  return { text, html };
}

import type { AppConfig } from "../config.server";

/**
 * Settings under which staff are never told of a new lead, though every lead is stored: no SMTP
 * relay (mail is written to files), a sender at localhost (the default MAIL_FROM) that relays
 * refuse, or notifications addressed to this machine (the default NOTIFY_EMAIL, leads@localhost). Said at start-up, in /readyz and on the mail view; never a
 * reason to refuse visitors (their leads are kept either way).
 */
export function staffMailProblems(config: Pick<AppConfig, "SMTP_URL" | "NOTIFY_EMAIL" | "MAIL_FROM">): string[] {
  const problems: string[] = [];
  if (!config.SMTP_URL) {
    problems.push(
      "SMTP_URL is not set: e-mail is written to files on the server, not sent, so staff are not told of new leads",
    );
  } else if (/@localhost>?\s*$/i.test(config.MAIL_FROM)) {
    // The default sender: many relays refuse it at MAIL FROM, and that is retried, not failed.
    problems.push(
      `MAIL_FROM is ${config.MAIL_FROM}: mail servers refuse a sender at localhost, so mail may never leave`,
    );
  }
  const local = config.NOTIFY_EMAIL.split(",")
    .map((address) => address.trim())
    .filter((address) => /@localhost$/i.test(address));
  if (local.length > 0) {
    problems.push(`NOTIFY_EMAIL is ${local.join(", ")}: staff notifications of new leads go to no one's inbox`);
  }
  return problems;
}

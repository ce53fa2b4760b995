import type { AppConfig } from "../config.server";

/** Settings under which staff are never told of new leads; said, never a reason to refuse visitors. */
export function staffMailProblems(config: Pick<AppConfig, "SMTP_URL" | "NOTIFY_EMAIL" | "MAIL_FROM">): string[] {
  const problems: string[] = [];
  if (!config.SMTP_URL) {
    problems.push(
      "SMTP_URL is not set: e-mail is written to files on the server, not sent, so staff are not told of new leads",
    );
  } else if (/@localhost>?\s*$/i.test(config.MAIL_FROM)) {
    // Many relays refuse this sender at MAIL FROM, and that is retried, not failed.
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

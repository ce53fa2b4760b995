import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "../../app/server/db/client.server";
import { freePortSync } from "../free-port";
import { exited, type Started, seededDataDir, startServer, waitReady } from "./spawn-server";

/**
 * Fault tests: the mail server refusing, then recovering. The production server sends
 * through a local SMTP server (smtp-server) that first refuses connections (421), then refuses
 * senders (451, the connection itself is fine), then accepts. Leads posted meanwhile are
 * accepted (302 to /thank-you) and kept; once mail flows, every lead's staff notification
 * arrives exactly once (counted by Message-ID, which is fixed per outbox job), and the outbox
 * rows say sent, after more than one attempt.
 *
 * MAIL_RETRY_SECONDS=1 shortens the outbox's backoff (15 s doubling in production), so the
 * retries happen within seconds instead of minutes.
 */

const LEADS = 12;

type Mode = "refuse-connection" | "refuse-sender" | "accept";
type Received = { messageId: string; to: string[]; raw: string };

async function startSmtp() {
  let mode: Mode = "refuse-connection";
  const refused = { connections: 0, senders: 0 };
  const received: Received[] = [];
  const temporary = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      if (mode !== "refuse-connection") return callback();
      refused.connections++;
      callback(temporary(421, "Service not available, closing transmission channel"));
    },
    onMailFrom(_address, _session, callback) {
      if (mode !== "refuse-sender") return callback();
      refused.senders++;
      callback(temporary(451, "Requested action aborted: local error in processing"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const header = (raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
        const messageId = /^Message-ID:\s*(.+)$/im.exec(header)?.[1]?.trim() ?? "";
        received.push({ messageId, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  const port = freePortSync();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port,
    received,
    refused,
    setMode(next: Mode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type LogLine = { msg?: string; jobId?: string; attempt?: number; reason?: string };
const logLines = (server: Started): LogLine[] =>
  server
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });

/** Outbox jobs that have failed at least `attempts` times so far (from the server's log). */
function failedAtLeast(server: Started, attempts: number, reason: RegExp): Set<string> {
  return new Set(
    logLines(server)
      .filter((line) => line.msg === "Mail attempt failed, will retry" && (line.attempt ?? 0) >= attempts)
      .filter((line) => reason.test(line.reason ?? ""))
      .map((line) => line.jobId ?? ""),
  );
}

test("SMTP refusing: leads are accepted and kept; once it accepts, each lead's notification is delivered exactly once", async () => {
  test.setTimeout(180_000);
  const dataDir = seededDataDir("solar-fault-smtp-");
  const smtp = await startSmtp();
  const port = freePortSync();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: "Solar Test <no-reply@solar.test>",
    NOTIFY_EMAIL: "leads@solar.test",
    MAIL_POLL_SECONDS: "1",
    MAIL_RETRY_SECONDS: "1",
    FORM_RATE_LIMIT: "100000",
  });
  try {
    await waitReady(server);

    // While the mail server refuses every connection: leads are accepted all the same.
    const emails = Array.from({ length: LEADS }, (_, i) => `smtp-${i}@leads.example`);
    const answers = await Promise.all(
      emails.map(async (email, i) => {
        const response = await fetch(`${base}/talk-to-solar-advisor`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
          body: new URLSearchParams({ name: `Mail Tester ${i}`, email, industry: "Farms", question: "Payback?" }),
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        return { status: response.status, location: response.headers.get("location") };
      }),
    );
    expect(answers).toEqual(emails.map(() => ({ status: 302, location: "/thank-you" })));

    // Every job is tried and refused at the connection, then (the server takes connections but
    // refuses senders) once more at MAIL FROM, and retried after that: nothing is lost meanwhile.
    await expect
      .poll(() => failedAtLeast(server, 1, /421|Service not available/).size, { timeout: 60_000 })
      .toBe(LEADS);
    expect(smtp.received).toEqual([]);
    smtp.setMode("refuse-sender");
    await expect
      .poll(() => failedAtLeast(server, 2, /451|Requested action aborted/).size, { timeout: 60_000 })
      .toBe(LEADS);
    expect(smtp.received).toEqual([]);

    // The mail server recovers: every notification arrives, each once.
    smtp.setMode("accept");
    await expect.poll(() => smtp.received.length, { timeout: 90_000 }).toBeGreaterThanOrEqual(LEADS);
    // A few more polls: nothing is sent a second time.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    server.child.kill("SIGTERM");
    expect(await exited(server.child)).toBe(0);

    const ids = smtp.received.map((mail) => mail.messageId);
    expect(new Set(ids).size, "one message per Message-ID").toBe(ids.length);
    expect(ids).toHaveLength(LEADS);
    for (const mail of smtp.received) expect(mail.to).toEqual(["leads@solar.test"]);
    // Each lead's notification names its lead (the body's quoted-printable line breaks removed).
    const bodies = smtp.received.map((mail) => mail.raw.replace(/=\r?\n/g, ""));
    for (const email of emails) {
      expect(
        bodies.filter((body) => body.includes(email)),
        `${email}: one notification`,
      ).toHaveLength(1);
    }

    // The database: every lead kept, with its one job, sent after retries, under its Message-ID.
    const handle = await openDatabase({ dataDir });
    try {
      const rows = (
        (await handle.db.execute(sql`
          select l.email, o.id, o.status, o.attempts
          from leads l join email_outbox o on o.lead_id = l.id
          where l.email like 'smtp-%@leads.example'`)) as unknown as {
          rows: { email: string; id: string; status: string; attempts: number }[];
        }
      ).rows;
      expect(rows.map((row) => row.email).sort()).toEqual([...emails].sort());
      for (const row of rows) {
        expect(row.status).toBe("sent");
        expect(row.attempts).toBeGreaterThanOrEqual(3);
        expect(ids).toContain(`<outbox-${row.id}@solar.test>`);
      }
      test.info().annotations.push({
        type: "fault-smtp",
        description: `${LEADS} leads; ${smtp.refused.connections} connections refused (421), ${smtp.refused.senders} senders refused (451); ${smtp.received.length} messages delivered after ${Math.min(...rows.map((r) => r.attempts))}–${Math.max(...rows.map((r) => r.attempts))} attempts`,
      });
    } finally {
      await handle.close();
    }
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await exited(server.child);
    }
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

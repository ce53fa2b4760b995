// Outbox delivery rate with the real outbox code to a local SMTP server that accepts everything.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { getConfig } from "../../app/server/config.server";
import { type DatabaseHandle, openDatabase } from "../../app/server/db/client.server";
import { storeLead } from "../../app/server/leads/lead-store.server";
import { deliverDueEmails } from "../../app/server/mail/outbox.server";
import { closeMailSender, createMailSender } from "../../app/server/mail/outbox-message.server";
import { mailSubjects } from "../../app/server/mail/render.server";

const MAILS = 1_000;

type Scratch = { handle: DatabaseHandle; engine: string; cleanup: () => Promise<void> };

async function scratchDatabase(): Promise<Scratch> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `bench_outbox_${process.pid}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 10 });
    return {
      handle,
      engine: "postgres",
      async cleanup() {
        await handle.close();
        const drop = new pg.Client({ connectionString: serverUrl });
        await drop.connect();
        await drop.query(`drop database if exists "${name}" with (force)`);
        await drop.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-outbox-"));
  const handle = await openDatabase({ dataDir: dir });
  return {
    handle,
    engine: "pglite",
    async cleanup() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function acceptingSmtp(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("end", () => {
        received++;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function benchOutbox(): Promise<{ mails: number; seconds: number; perSecond: number }> {
  const scratch = await scratchDatabase();
  const smtp = await acceptingSmtp();
  const concurrency = getConfig().MAIL_CONCURRENCY;
  const sender = createMailSender({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    from: "Commercial Solar Advisors <no-reply@bench.example>",
    captureDir: "",
    siteUrl: "http://localhost",
    concurrency,
  });
  try {
    const { db } = scratch.handle;
    await scratch.handle.migrate();
    for (let i = 0; i < MAILS / 2; i++) {
      const email = `visitor${i}@bench.example`;
      await storeLead(db, { kind: "guide", name: `Visitor ${i}`, email, industry: "agriculture" }, [
        {
          formType: "Lead Generation",
          subject: mailSubjects.guide,
          to: "leads@bench.example",
          formData: { name: `Visitor ${i}`, email, industryType: "agriculture", state: null, solarReadiness: null },
        },
        {
          formType: "Lead Generation",
          template: "guide-delivery",
          subject: "Your free guide",
          to: email,
          formData: {},
        },
      ]);
    }

    const started = performance.now();
    const report = await deliverDueEmails(db, sender, { giveUpAfterMs: 3_600_000 });
    const seconds = (performance.now() - started) / 1000;
    const mails = report.sent;
    if (mails !== MAILS || smtp.received() !== MAILS) {
      throw new Error(
        `bench-outbox: ${MAILS} queued, ${mails} sent, ${smtp.received()} received (${JSON.stringify(report)})`,
      );
    }
    const result = { mails, seconds: Number(seconds.toFixed(2)), perSecond: Math.round(mails / seconds) };
    console.log(
      `Outbox (${scratch.engine}, ${concurrency} at once, loopback SMTP): ${mails} mails in ${result.seconds} s = ${result.perSecond} mails/s`,
    );
    return result;
  } finally {
    closeMailSender(sender);
    await smtp.close();
    await scratch.cleanup();
  }
}

if (process.argv[1]?.endsWith("bench/outbox.ts")) {
  benchOutbox().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

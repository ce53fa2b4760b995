import { SMTPServer } from "smtp-server";

/** One message as the SMTP server received it. */
type ReceivedMail = { messageId: string; to: string[]; subject: string; raw: string };

/**
 * A local SMTP server (smtp-server) that keeps every message it accepts. `refuse(true)` makes it
 * answer every sender with a temporary failure (451), as a provider does during an outage.
 */
export type TestSmtp = {
  port: number;
  messages: ReceivedMail[];
  refuse(on: boolean): void;
  /** Sender commands refused while refusing. */
  refusals(): number;
  close(): Promise<void>;
};

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  let refusing = false;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      refused++;
      const error = new Error("Service temporarily unavailable") as Error & { responseCode: number };
      error.responseCode = 451;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const header = raw.split(/\r?\n\r?\n/)[0] ?? "";
        const field = (name: string) =>
          header
            .replace(/\r?\n[ \t]+/g, " ")
            .split(/\r?\n/)
            .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
            ?.slice(name.length + 1)
            .trim() ?? "";
        messages.push({
          messageId: field("Message-ID"),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: field("Subject"),
          raw,
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    port,
    messages,
    refuse(on) {
      refusing = on;
    },
    refusals: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

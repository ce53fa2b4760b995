import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import { errorFields, log } from "../log.server";
import type { BillStorage } from "../storage/bill-storage.server";
import { billKeysOf, type PersonalData } from "./personal-data.server";

const ABOUT = [
  "Everything this site holds about the address, as of the export's time.",
  "data.json: every row found (leads, bill submissions, notes, timeline, e-mails with what they said, webhook deliveries, unsubscribe state, block list, audit entries naming the address, page views whose address or title holds it, mail allowance counters).",
  "mentions in data.json: where other people's records (their leads, notes, e-mails) name the address, with the words around it; those records are not yours, so only the excerpt is given.",
  "bills/: the uploaded bill files, as stored.",
  "Page views are recorded without any visitor or lead id, so views cannot be tied to a person beyond those listed.",
].join("\n");

const fileName = (key: string) => `bills/${key.slice(key.lastIndexOf("/") + 1)}`;

/**
 * Bills are read only when their turn comes (never all in memory); an unreadable one is named in
 * missing-bills.txt rather than failing the download half-way.
 */
export function personalDataZip(data: PersonalData, storage: BillStorage, exportedAt = new Date()): Readable {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(ABOUT), "about.txt");
  zip.addBuffer(Buffer.from(JSON.stringify({ exportedAt, ...data }, null, 2)), "data.json");
  const missing: string[] = [];
  for (const key of billKeysOf(data)) {
    zip.addReadStreamLazy(fileName(key), (done) => {
      storage.get(key).then(
        (file) => {
          if (!file) missing.push(key);
          done(null, file?.body ?? Readable.from([]));
        },
        (error: unknown) => {
          log.error({ ...errorFields(error), key }, "Bill file not readable for a privacy export");
          missing.push(key);
          done(null, Readable.from([]));
        },
      );
    });
  }
  // yazl reads entries in order: by now every miss is known.
  zip.addReadStreamLazy("missing-bills.txt", (done) => done(null, Readable.from([missing.join("\n")])));
  zip.end();
  return zip.outputStream as Readable;
}

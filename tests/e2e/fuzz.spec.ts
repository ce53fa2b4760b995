import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import pg from "pg";
import { hasControlCharacters, isValidEmail } from "../../app/lib/validation/common";
import { freePortSync } from "../free-port";
import { expect, test } from "./fixtures";
import { exited, type Started, seededDataDir, startServer, waitReady } from "./spawn-server";

/**
 * Fuzz over every form action, the page-view beacon and every query filter, on a server of its
 * own (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): arbitrary strings with control
 * characters, wrong types, duplicated and missing fields, wrong Content-Types, broken multipart.
 * Never a 5xx, never a dropped connection, and afterwards no stored row holds an impossible
 * address or a control character (an invalid submission stored nothing).
 */
test.describe.configure({ mode: "serial" });

// Per target and run; each run draws new cases (fast-check seeds differ), so coverage grows across
// runs. 20, not 30: the suite must stay under 8 minutes on 2 cores.
const RUNS_PER_TARGET = 20;

const nasty = fc.constantFrom(
  "Jo\u0000hn",
  "\u0000",
  "a\u0007b",
  "x\u202Ey",
  "line\u2028sep",
  "\uFEFFbom",
  "a@b..co",
  ".a@-b.co",
  `${"a".repeat(65)}@b.co`,
  "jo@example.com",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%_\\",
  "'; select pg_sleep(5); --",
  "x".repeat(5_000),
  "🙂".repeat(300),
  "Z̷̢̛a̸l̵g̴o̶",
  "",
  "   ",
  "12345678901",
  "agriculture",
  "CA",
  "1500",
  "-1",
  "1e309",
  "NaN",
);
const value = fc.oneof(fc.string({ unit: "binary", maxLength: 300 }), nasty, fc.string({ maxLength: 40 }));

/** Field sets: the form's own names (some missing, some twice) plus strangers. */
function fieldsFor(names: string[]) {
  return fc
    .tuple(
      fc.subarray(names),
      fc.array(fc.tuple(fc.constantFrom(...names, "x[]", "__proto__", "constructor", "hp_zx7", "utm_source"), value), {
        maxLength: 6,
      }),
      fc.dictionary(fc.constantFrom(...names), value),
    )
    .map(([present, extra, values]) => [
      ...present.map((name) => [name, values[name] ?? "jo@example.com"] as [string, string]),
      ...extra,
    ]);
}

type Encoding = "urlencoded" | "multipart" | "json" | "text" | "none" | "broken-multipart" | "no-boundary";
const encoding = fc.constantFrom<Encoding>(
  "urlencoded",
  "urlencoded",
  "multipart",
  "json",
  "text",
  "none",
  "broken-multipart",
  "no-boundary",
);

function encode(pairs: [string, string][], how: Encoding, file?: { name: string; type: string; bytes: Buffer }) {
  switch (how) {
    case "urlencoded":
      return { body: new URLSearchParams(pairs).toString(), type: "application/x-www-form-urlencoded" };
    case "multipart": {
      const form = new FormData();
      for (const [name, text] of pairs) form.append(name, text);
      if (file) form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      return { body: form, type: undefined };
    }
    case "json":
      return { body: JSON.stringify(Object.fromEntries(pairs)), type: "application/json" };
    case "text":
      return { body: pairs.map(([n, v]) => `${n}=${v}`).join("\n"), type: "text/plain" };
    case "none":
      return { body: new URLSearchParams(pairs).toString(), type: "" };
    case "broken-multipart":
      return {
        body: `--yyy\r\nContent-Disposition: form-data; name="name"\r\n\r\nJo\r\n--yy`,
        type: "multipart/form-data; boundary=zzz",
      };
    case "no-boundary":
      return { body: "--x\r\nfoo\r\n", type: "multipart/form-data" };
  }
}

const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(2_000, 32)]);
const fileArb = fc.option(
  fc.record({
    name: fc.constantFrom("bill.pdf", "../bill.pdf", "bill\u0000.pdf", "bill.exe", "b".repeat(300), "bill.png", ""),
    type: fc.constantFrom("application/pdf", "image/png", "text/html", ""),
    bytes: fc.constantFrom(PDF, Buffer.from("<html>x</html>"), Buffer.alloc(0), Buffer.alloc(1500, 0)),
  }),
  { nil: undefined },
);

type Outcome = { status: number; location: string | null };

async function send(base: string, target: string, init: RequestInit): Promise<Outcome> {
  const response = await fetch(`${base}${target}`, { ...init, redirect: "manual" });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("location") };
}

type Engine = {
  name: string;
  env: () => Promise<Record<string, string>>;
  rows: () => Promise<StoredRows>;
  cleanup: () => Promise<void>;
};
type StoredRows = {
  leads: Record<string, unknown>[];
  bills: Record<string, unknown>[];
  views: Record<string, unknown>[];
};

async function readRows(client: pg.Client | { query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }> }) {
  const leads = (await client.query("select name, email, phone, question, utm_source, referrer from leads")).rows;
  const bills = (
    await client.query("select business_name, contact_name, email, phone, file_url, utm_source from lead_submissions")
  ).rows;
  const views = (await client.query("select path, title, location, referrer from page_views")).rows;
  return { leads, bills, views };
}

function pgliteEngine(): Engine {
  const dataDir = seededDataDir("solar-fuzz-");
  return {
    name: "PGlite",
    env: async () => ({ DATA_DIR: dataDir }),
    rows: async () => {
      const { openDatabase } = await import("../../app/server/db/client.server");
      const handle = await openDatabase({ dataDir });
      try {
        const { sql } = await import("drizzle-orm");
        const query = async (text: string) => ({
          rows: ((await handle.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows,
        });
        return await readRows({ query });
      } finally {
        await handle.close();
      }
    },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

function postgresEngine(serverUrl: string): Engine {
  const name = `solar_fuzz_${process.pid}_${Date.now()}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-fuzz-pg-"));
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  return {
    name: "PostgreSQL",
    env: async () => {
      await admin(`create database ${name}`);
      return { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    },
    rows: async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await readRows(client);
      } finally {
        await client.end();
      }
    },
    cleanup: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const engines: Engine[] = [pgliteEngine()];
if (process.env.TEST_DATABASE_URL) engines.push(postgresEngine(process.env.TEST_DATABASE_URL));

for (const engine of engines) {
  test(`fuzzed forms, beacon and filters never give a 5xx nor store invalid data (${engine.name})`, async () => {
    test.setTimeout(240_000);
    const port = String(freePortSync());
    let server: Started | undefined;
    try {
      server = startServer({
        PORT: port,
        SITE_URL: `http://localhost:${port}`,
        FORM_RATE_LIMIT: "100000",
        PAGE_VIEWS_PER_MINUTE: "100000",
        UPLOADS_PER_ADDRESS: "50",
        ...(await engine.env()),
      });
      await waitReady(server);
      const base = `http://127.0.0.1:${port}`;
      const statuses = new Map<number, number>();
      const check = (what: string, outcome: Outcome) => {
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        expect(outcome.status, `${what} answered ${outcome.status}`).toBeLessThan(500);
      };

      const forms: { target: string; names: string[] }[] = [
        { target: "/solar-calculator", names: ["monthlyBill", "state"] },
        { target: "/talk-to-solar-advisor", names: ["name", "email", "phone", "industry", "question", "referrer"] },
        { target: "/?index", names: ["name", "email", "industryType", "state", "solarReadiness", "utm_campaign"] },
        { target: "/farms?intent=consultation", names: ["name", "email", "phone", "industryType", "question"] },
        { target: "/car-washes?intent=guide", names: ["name", "email", "industryType", "state"] },
        { target: "/login", names: ["mode", "email", "password", "redirectTo"] },
      ];
      for (const form of forms) {
        await fc.assert(
          fc.asyncProperty(fieldsFor(form.names), encoding, async (pairs, how) => {
            const { body, type } = encode(pairs, how);
            const headers: Record<string, string> = type === undefined ? {} : { "content-type": type };
            check(`${form.target} (${how})`, await send(base, form.target, { method: "POST", body, headers }));
          }),
          { numRuns: RUNS_PER_TARGET },
        );
      }

      const billNames = ["businessName", "contactPerson", "email", "phone", "monthlyBillAmount", "utm_source"];
      await fc.assert(
        fc.asyncProperty(
          fieldsFor(billNames),
          fc.constantFrom<Encoding>("multipart", "multipart", "urlencoded", "broken-multipart", "no-boundary", "json"),
          fileArb,
          async (pairs, how, file) => {
            const { body, type } = encode(pairs, how, file);
            const headers: Record<string, string> = type === undefined ? {} : { "content-type": type };
            check(`/submit-bill (${how})`, await send(base, "/submit-bill", { method: "POST", body, headers }));
          },
        ),
        { numRuns: RUNS_PER_TARGET },
      );

      const beacon = fc.oneof(
        fc.record({ path: value, title: value, location: value, referrer: value }, { requiredKeys: [] }),
        fc.record({
          path: fc.constant("/"),
          title: value,
          location: fc.constant(`http://localhost:${port}/`),
          referrer: value,
        }),
        fc.anything(),
      );
      await fc.assert(
        fc.asyncProperty(
          beacon,
          fc.constantFrom("application/json", "text/plain", "", "application/x-www-form-urlencoded"),
          async (view, type) => {
            const body = typeof view === "string" ? view : (JSON.stringify(view) ?? "null");
            check(
              "/api/page-view",
              await send(base, "/api/page-view", { method: "POST", body, headers: { "content-type": type } }),
            );
          },
        ),
        { numRuns: RUNS_PER_TARGET * 2 },
      );

      const filters = fc.tuple(
        fc.constantFrom(
          "/incentives",
          "/incentives/states",
          "/incentives/states/ca",
          "/incentives/states/zz",
          "/policy-watch",
          "/admin/leads",
        ),
        fc.array(fc.tuple(fc.constantFrom("q", "type", "status", "level", "page", "kind", "x"), value), {
          maxLength: 4,
        }),
      );
      await fc.assert(
        fc.asyncProperty(filters, async ([pathname, params]) => {
          const query = new URLSearchParams(params).toString().slice(0, 6_000);
          check(`GET ${pathname}`, await send(base, `${pathname}?${query}`, { method: "GET" }));
        }),
        { numRuns: RUNS_PER_TARGET * 2 },
      );

      // The calculator's address is its form: any query, valid or not, gets a page (or its short
      // address), never a 5xx. A valid bill and state most of the time, so the model runs.
      const calculatorInputs = fc.tuple(
        fc.oneof(fc.constantFrom("2500", "499.99", "1e308", "0", "-1", ""), value),
        fc.oneof(fc.constantFrom("TX", "WY", "nm", "ZZ", ""), value),
        fc.array(
          fc.tuple(
            fc.constantFrom(
              "price",
              "energyShare",
              "yield",
              "maxKw",
              "areaFt2",
              "wattsPerFt2",
              "owner",
              "taxRate",
              "began",
              "inService",
              "pwa",
              "financing",
              "loanRate",
              "loanTerm",
              "storageCost",
              "costPerW",
              "discountRate",
              "priceRise",
              "omRise",
              "inverterCost",
              "inverterYear",
              "selfUse",
              "exportValue",
            ),
            fc.oneof(fc.constantFrom("0", "1e-320", "100", "2026", "2028-02-30", "loan", "tax-exempt", "on"), value),
          ),
          { maxLength: 6 },
        ),
      );
      await fc.assert(
        fc.asyncProperty(calculatorInputs, async ([bill, state, params]) => {
          const query = new URLSearchParams([["monthlyBill", bill], ["state", state], ...params])
            .toString()
            .slice(0, 6_000);
          check("GET /solar-calculator", await send(base, `/solar-calculator?${query}`, { method: "GET" }));
        }),
        { numRuns: RUNS_PER_TARGET * 2 },
      );

      // Methods and targets a site is not asked for.
      for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
        check(
          method,
          await send(base, "/talk-to-solar-advisor", { method, body: method === "OPTIONS" ? undefined : "name=Jo" }),
        );
      }
      const accepted = [...statuses.entries()].filter(([status]) => status === 302 || status === 303);
      expect(
        accepted.length,
        `some submissions must have been valid: ${JSON.stringify([...statuses])}`,
      ).toBeGreaterThan(0);

      server.child.kill("SIGTERM");
      expect(await exited(server.child)).toBe(0);
      server = undefined;

      const rows = await engine.rows();
      const text = (row: Record<string, unknown>) =>
        Object.values(row).filter((v): v is string => typeof v === "string");
      for (const lead of rows.leads) {
        expect(isValidEmail(String(lead.email)), `stored lead e-mail ${JSON.stringify(lead.email)}`).toBe(true);
        for (const field of text(lead)) expect(hasControlCharacters(field, true), JSON.stringify(field)).toBe(false);
      }
      for (const bill of rows.bills) {
        expect(isValidEmail(String(bill.email)), `stored bill e-mail ${JSON.stringify(bill.email)}`).toBe(true);
        for (const field of text(bill)) expect(hasControlCharacters(field, true), JSON.stringify(field)).toBe(false);
      }
      for (const view of rows.views) for (const field of text(view)) expect(field).not.toContain("\u0000");
    } finally {
      if (server) {
        server.child.kill("SIGKILL");
        await exited(server.child);
      }
      await engine.cleanup();
    }
  });
}

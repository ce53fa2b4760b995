/**
 * Bounded fuzz of the staff area and the public forms (the security review's
 * attacks re-run). Loopback only. Signs in as admin, editor and a two-factor account, sends
 * hostile inputs to every staff route and action and every public form, tallies status codes
 * per route, prints every 5xx with a curl reproduction and checks a few wrong answers (a 200
 * where a 4xx belongs, a leak, a replayed two-factor code).
 *
 *   node --import tsx scripts/fuzz-staff.ts --base http://127.0.0.1:3411 \
 *     [--max 24000] [--seconds 600] [--concurrency 6] [--password 'Fz!Pass12345'] [--out file.json]
 *
 * Accounts (make them first, server stopped on PGlite): fz-admin@, fz-admin2@ (admins),
 * fz-editor@, fz-victim@ (editors), fz-tfa@ (editor; the fuzz turns its second factor on).
 */
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:3411" },
    max: { type: "string", default: "24000" },
    seconds: { type: "string", default: "600" },
    concurrency: { type: "string", default: "6" },
    password: { type: "string", default: "Fz!Pass12345" },
    domain: { type: "string", default: "example.com" },
    out: { type: "string" },
    seed: { type: "string", default: "19" },
    // Where the base32 keys of accounts whose second factor the fuzz turned on are kept between runs.
    keys: { type: "string", default: "/tmp/fuzz-staff-keys.json" },
  },
});
const BASE = new URL(args.base);
if (!/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(BASE.hostname)) {
  console.error(`Refusing ${BASE.hostname}: this fuzz runs against loopback only.`);
  process.exit(2);
}
const ORIGIN = BASE.origin;
const MAX = Number(args.max);
const DEADLINE = Date.now() + Number(args.seconds) * 1000;
const CONCURRENCY = Number(args.concurrency);
const PASSWORD = args.password;
const mail = (name: string) => `${name}@${args.domain}`;
const ACCOUNTS = {
  admin: mail("fz-admin"),
  admin2: mail("fz-admin2"),
  editor: mail("fz-editor"),
  victim: mail("fz-victim"),
  tfa: mail("fz-tfa"),
};

// Deterministic pseudo-random (mulberry32): a run can be repeated.
let seed = Number(args.seed) >>> 0;
function rand(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

// ---------------------------------------------------------------- HTTP

type Role = "anon" | "editor" | "admin";
type Req = {
  group: string;
  role: Role;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Statuses that are a wrong answer for this case (e.g. 200 for an editor on a lead). */
  forbid?: number[];
  /** A marker that must not appear in the answer. */
  mustNotContain?: string[];
  /** The only statuses that are right (the fixed matrix); anything else is a wrong answer. */
  expect?: number[];
};
type Res = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; error?: string };

// Source addresses rotate every 12 requests across 127.50.0.0/16, as the review's fuzz did, so
// the per-address limits answer as they would for many visitors (they still fire: 429 counts).
let sent = 0;
const sourceFor = (n: number) => `127.50.${Math.floor(n / 12 / 250) % 250}.${(Math.floor(n / 12) % 250) + 1}`;

function send(req: Omit<Req, "group" | "role">, source = sourceFor(sent), cookie?: string): Promise<Res> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (cookie) headers.Cookie = cookie;
    if (req.body !== undefined && headers["Content-Length"] === undefined) {
      headers["Content-Length"] = Buffer.byteLength(req.body);
    }
    const request = http.request(
      {
        host: BASE.hostname.replace(/^\[|\]$/g, ""),
        port: BASE.port,
        method: req.method,
        // Raw control or non-ASCII characters are percent-encoded (node refuses them on the wire).
        path: req.path.replace(/[^\x21-\x7E]/gu, (ch) => enc(ch)),
        headers,
        localAddress: BASE.hostname === "localhost" || BASE.hostname.startsWith("[") ? undefined : source,
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size < 2_000_000) chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", (error) =>
          resolve({ status: 0, headers: {}, body: Buffer.alloc(0), error: String(error) }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error) => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), error: String(error) }));
    if (req.body !== undefined) request.end(req.body);
    else request.end();
  });
}

function cookiesFrom(res: Res, jar: Map<string, string>): void {
  for (const line of res.headers["set-cookie"] ?? []) {
    const [pair] = line.split(";");
    const at = pair?.indexOf("=") ?? -1;
    if (!pair || at < 0) continue;
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** Percent-encoding that keeps a lone surrogate as the invalid UTF-8 bytes a hostile client sends. */
function enc(value: string): string {
  return value
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? "%ED%A0%80" : encodeURIComponent(part)))
    .join("");
}
const form = (fields: [string, string][]) => fields.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&");
const FORM = "application/x-www-form-urlencoded";
const same = { Origin: ORIGIN };

// ---------------------------------------------------------------- sign-in

const jars: Record<Role, Map<string, string>> = { anon: new Map(), editor: new Map(), admin: new Map() };
let reSignIns = 0;

const keys: Record<string, string> = existsSync(args.keys) ? JSON.parse(readFileSync(args.keys, "utf8")) : {};
const saveKeys = () => writeFileSync(args.keys, JSON.stringify(keys));

/** Password, then (when the account has a second factor and its key is known) the current code. */
async function signIn(email: string, jar: Map<string, string>, source: string): Promise<number> {
  jar.clear();
  const res = await send(
    {
      method: "POST",
      path: "/login",
      headers: { ...same, "Content-Type": FORM },
      body: form([
        ["email", email],
        ["password", PASSWORD],
      ]),
    },
    source,
  );
  cookiesFrom(res, jar);
  const key = keys[email];
  if (res.status !== 302 || !jar.has("better-auth.two_factor") || !key) return res.status;
  // A code works once: when this step's was used already, the next step's is waited for.
  for (let attempt = 0; attempt < 3; attempt++) {
    const verified = await send(
      {
        method: "POST",
        path: "/login/two-factor",
        headers: { ...same, "Content-Type": FORM },
        body: form([
          ["method", "totp"],
          ["code", totp(key)],
        ]),
      },
      source,
      cookieHeader(jar),
    );
    cookiesFrom(verified, jar);
    if (verified.status !== 401) return verified.status;
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
  }
  return 401;
}

/** Turns the second factor on for a signed-in account (start, then confirm with a code). */
async function enrol(email: string, jar: Map<string, string>, source: string): Promise<boolean> {
  const start = await send(
    {
      method: "POST",
      path: "/admin/account.data",
      headers: { ...same, "Content-Type": FORM },
      body: form([
        ["intent", "two-factor-start"],
        ["current", PASSWORD],
      ]),
    },
    source,
    cookieHeader(jar),
  );
  const key = /"([A-Z2-7]{32,})"/.exec(start.body.toString())?.[1] ?? "";
  if (!key) return false;
  // The previous step's code (accepted, window ±1) leaves the current one for the next sign-in.
  const confirm = await send(
    {
      method: "POST",
      path: "/admin/account.data",
      headers: { ...same, "Content-Type": FORM },
      body: form([
        ["intent", "two-factor-confirm"],
        ["code", totp(key, Math.floor(Date.now() / 30_000) - 1)],
      ]),
    },
    source,
    cookieHeader(jar),
  );
  cookiesFrom(confirm, jar);
  if (confirm.status !== 200) return false;
  keys[email] = key;
  saveKeys();
  return true;
}

async function ensureSignedIn(role: "admin" | "editor"): Promise<void> {
  const jar = jars[role];
  const res = await send({ method: "GET", path: "/admin/account.data" }, "127.0.0.1", cookieHeader(jar));
  if (res.status === 200) return;
  reSignIns++;
  const email = role === "admin" ? ACCOUNTS.admin : ACCOUNTS.editor;
  const status = await signIn(email, jar, "127.0.0.1");
  if (status !== 302) throw new Error(`${role} sign-in answered ${status}: is the account made and not locked?`);
  // ADMIN_TWO_FACTOR_REQUIRED: an admin without a second factor reaches only My account until it is on.
  const probe = await send({ method: "GET", path: "/admin/leads" }, "127.0.0.1", cookieHeader(jar));
  if (role === "admin" && /setup=two-factor/.test(String(probe.headers.location ?? "")) && !keys[email]) {
    if (!(await enrol(email, jar, "127.0.0.1"))) throw new Error("could not turn on the admin's second factor");
  }
}

async function accountIds(): Promise<Record<string, string>> {
  const res = await send({ method: "GET", path: "/admin/accounts.data" }, "127.0.0.1", cookieHeader(jars.admin));
  const text = res.body.toString();
  const ids: Record<string, string> = {};
  // Turbo-stream: the ids are 32-character strings near their e-mail addresses, in row order.
  const tokens = [...text.matchAll(/"([^"\\]{1,200})"/g)].map((m) => m[1] ?? "");
  for (const [key, email] of Object.entries(ACCOUNTS)) {
    const at = tokens.indexOf(email);
    if (at < 0) continue;
    for (let i = at - 1; i >= Math.max(0, at - 6); i--) {
      if (/^[A-Za-z0-9]{32}$/.test(tokens[i] ?? "")) {
        ids[key] = tokens[i] ?? "";
        break;
      }
    }
  }
  return ids;
}

// ---------------------------------------------------------------- TOTP (RFC 6238, as an app does)

function base32Decode(key: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of key.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  return Buffer.from(bits.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
}
function totp(key: string, step = Math.floor(Date.now() / 30_000)): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac("sha1", base32Decode(key)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

type TwoFactorReport = {
  enrolled: boolean;
  firstUse: number;
  replay: number;
  replayAfterWrong: number;
  notes: string[];
};

/**
 * Turns the second factor on for fz-tfa (unless its key is kept from an earlier run), then signs
 * in twice with one code: the second use must be refused (RFC 6238 §5.2).
 */
async function twoFactorReplay(): Promise<TwoFactorReport> {
  const report: TwoFactorReport = { enrolled: false, firstUse: 0, replay: 0, replayAfterWrong: 0, notes: [] };
  const email = ACCOUNTS.tfa;
  if (!keys[email]) {
    const jar = new Map<string, string>();
    const first = await signIn(email, jar, "127.0.0.2");
    if (first !== 302 || jar.has("better-auth.two_factor")) {
      report.notes.push(`fz-tfa: sign-in answered ${first}; a second factor on without a kept key?`);
      return report;
    }
    if (!(await enrol(email, jar, "127.0.0.2"))) {
      report.notes.push("fz-tfa: enrolment failed");
      return report;
    }
  }
  report.enrolled = true;
  const key = keys[email] ?? "";
  twoFactorKey = key;
  const challenge = async () => {
    const jar = new Map<string, string>();
    const res = await send(
      {
        method: "POST",
        path: "/login",
        headers: { ...same, "Content-Type": FORM },
        body: form([
          ["email", email],
          ["password", PASSWORD],
        ]),
      },
      "127.0.0.2",
    );
    cookiesFrom(res, jar);
    return jar;
  };
  const verify = async (jar: Map<string, string>, code: string) =>
    (
      await send(
        {
          method: "POST",
          path: "/login/two-factor",
          headers: { ...same, "Content-Type": FORM },
          body: form([
            ["method", "totp"],
            ["code", code],
          ]),
        },
        "127.0.0.2",
        cookieHeader(jar),
      )
    ).status;
  // A fresh step with at least 10 s left, so both uses fall inside one step (and its code is unused).
  const now = Date.now();
  await new Promise((r) => setTimeout(r, 30_000 - (now % 30_000) + 200));
  const code = totp(key);
  report.firstUse = await verify(await challenge(), code);
  report.replay = await verify(await challenge(), code);
  const third = await challenge();
  await verify(third, code === "000000" ? "111111" : "000000");
  report.replayAfterWrong = await verify(third, code);
  return report;
}
let twoFactorKey = "";

// ---------------------------------------------------------------- payloads

const LONG = "x".repeat(70_000);
const STRINGS: readonly string[] = [
  "",
  " ",
  "a",
  "\u0000",
  "a\u0000b",
  "\r\n",
  "a\r\nSet-Cookie: x=1",
  "a\u200Bb",
  "\u202Egnp.exe",
  "\uFEFF",
  "\uD800",
  "🙂",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1--",
  "%",
  "_",
  "\\",
  "../../../etc/passwd",
  "%2e%2e%2f",
  "-1",
  "0",
  "1e309",
  "NaN",
  "99999999999999999999999",
  "null",
  "undefined",
  "__proto__",
  "constructor",
  "[object Object]",
  "{}",
  "[]",
  "a".repeat(101),
  "a".repeat(2_000),
  LONG,
  '=HYPERLINK("http://evil.example")',
  "javascript:alert(1)",
  "//evil.example",
];
const pickString = () => pick(STRINGS);
const BAD_IDS: readonly string[] = [
  "",
  "x",
  "0",
  "-1",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "a".repeat(32),
  `${"A".repeat(31)}\u0000`,
  "%00",
  "a%00b",
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e",
  "1;select 1",
  "a".repeat(5_000),
  "%E2%80%8B",
  "%F0%9F%99%82",
  "%ED%A0%80",
  "%C0%AE",
];
const pickId = () => pick(BAD_IDS);

// ---------------------------------------------------------------- case generators

type Variant = { suffix: string; headers: Record<string, string>; label: string };
/** Ways to send a form body: the usual, odd content types, no/evil/null Origin, cross-site metadata. */
function bodyVariants(): Variant[] {
  return [
    { suffix: "", headers: { ...same, "Content-Type": FORM }, label: "form" },
    { suffix: ".data", headers: { ...same, "Content-Type": FORM }, label: "form .data" },
    { suffix: "", headers: { Origin: "http://evil.example", "Content-Type": FORM }, label: "evil origin" },
    { suffix: "", headers: { Origin: "null", "Content-Type": FORM }, label: "null origin" },
    { suffix: "", headers: { "Content-Type": FORM, "Sec-Fetch-Site": "cross-site" }, label: "no origin cross-site" },
    { suffix: "", headers: { "Content-Type": FORM }, label: "no origin" },
    { suffix: "", headers: { ...same, "Content-Type": "text/plain" }, label: "text/plain" },
    { suffix: "", headers: { ...same, "Content-Type": "application/json" }, label: "json" },
    { suffix: "", headers: { ...same, "Content-Type": "multipart/form-data" }, label: "multipart no boundary" },
    { suffix: "", headers: { ...same, "Content-Type": "multipart/form-data; boundary=zz" }, label: "multipart bad" },
    { suffix: "", headers: { ...same }, label: "no content-type" },
    { suffix: "", headers: { ...same, "Content-Type": `${FORM}; charset=utf-7` }, label: "utf-7" },
  ];
}

function multipart(fields: [string, string][], file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----fuzz${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [k, v] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** Replace, duplicate, drop or enlarge fields of a valid form. */
function mutate(fields: [string, string][]): [string, string][] {
  const out = fields.map(([k, v]) => [k, v] as [string, string]);
  const roll = rand();
  const i = Math.floor(rand() * Math.max(1, out.length));
  if (roll < 0.45 && out[i]) out[i] = [out[i][0], pickString()];
  else if (roll < 0.6 && out[i]) out.push([out[i][0], pickString()]);
  else if (roll < 0.7) out.splice(i, 1);
  else if (roll < 0.78) for (let n = 0; n < 300; n++) out.push([`f${n}`, "v"]);
  else if (roll < 0.84) out.push([pickString() || "k", "v"]);
  else if (roll < 0.9) out.push(["__proto__[x]", "1"], ["constructor.prototype.x", "1"]);
  else if (out[i]) out[i] = [out[i][0], `${out[i][1]}${pickString()}`];
  return out;
}

const LEAD_MARK = "fuzzlead";
let ids: Record<string, string> = {};

/** One case of the staff area or a public form; the generators are weighted by how much there is to reach. */
function* staffCases(): Generator<Req> {
  const roles: Role[] = ["anon", "editor", "admin"];
  const leadsArea = ["/admin/leads", "/admin/mail", "/admin/accounts", "/admin/audit", "/admin/leads/export.csv"];
  const anyStaff = ["/admin", "/admin/account", "/admin/content", "/admin/content/incentives"];
  while (true) {
    const role = pick(roles);
    const n = rand();
    const forbidFor = (path: string, method = "GET"): number[] | undefined => {
      // Anonymous: never a page of the staff area. Editor: never a lead, bill, mail, account list or audit.
      if (role === "anon" && path.startsWith("/admin")) return [200, 201, 204];
      if (role === "editor" && /^\/admin\/(leads|bills|mail|accounts|audit)/.test(path) && method !== "OPTIONS")
        return [200, 201, 204];
      return undefined;
    };
    const mustNot = role === "admin" ? [] : [LEAD_MARK];
    if (n < 0.18) {
      // GETs with hostile query strings, .data and _routes variants.
      const path = pick([...leadsArea, ...anyStaff, "/admin/leads/bill/x", "/admin/bills/x", "/admin/content/x"]);
      const q = pick([
        `?q=${enc(pickString())}`,
        `?page=${enc(pick(["0", "-1", "99999999999", "1e9", "NaN", "2", pickString()]))}`,
        `?action=${enc(pick(["sign-in.ok", "account.disabled", "x", pickString()]))}`,
        `?status=${enc(pickString())}&kind=${enc(pickString())}`,
        `?q=${enc(pickString())}&q=${enc(pickString())}&page=2&page=3`,
        `?setup=${enc(pickString())}`,
        `?redirectTo=${enc(pickString())}`,
        "",
      ]);
      const suffix = pick(["", ".data", "/", ".data?_routes=routes/admin/leads", ".data?_routes=routes/admin/audit"]);
      const full = suffix.startsWith(".data?") ? `${path}${suffix}&${q.slice(1)}` : `${path}${suffix}${q}`;
      yield {
        group: `GET ${path}`,
        role,
        method: pick(["GET", "GET", "GET", "HEAD", "OPTIONS", "DELETE", "PUT"]),
        path: full,
        forbid: forbidFor(path),
        mustNotContain: mustNot,
      };
    } else if (n < 0.32) {
      // My account: every intent, hostile fields, wrong passwords.
      const intent = pick([
        "end-session",
        "end-other-sessions",
        "change-password",
        "two-factor-start",
        "two-factor-confirm",
        "two-factor-codes",
        "two-factor-disable",
        "two-factor-",
        "",
        pickString(),
      ]);
      const fields = mutate([
        ["intent", intent],
        ["sessionId", pick([pickId(), "a".repeat(32), ids.admin ?? "x"])],
        ["current", pick(["Wrong!Pass123", "", pickString()])],
        ["password", pick(["New!Pass12345", "", "short", pickString()])],
        ["confirm", pick(["New!Pass12345", "", pickString()])],
        ["code", pick(["000000", "123456", "", "12345", "1234567", "abcdef", "00000\u0000", pickString()])],
      ]);
      // end-other-sessions would sign the fuzz's own other sessions out: harmless (one per account).
      const v = pick(bodyVariants());
      yield {
        group: `POST /admin/account ${intent.length > 24 || !/^[a-z-]*$/.test(intent) ? "<junk intent>" : intent || "<none>"}`,
        role,
        method: "POST",
        path: `/admin/account${v.suffix}`,
        headers: v.headers,
        body: form(fields),
        forbid: role === "anon" ? [200] : undefined,
        mustNotContain: ["Fz!Pass", ...mustNot],
      };
    } else if (n < 0.46) {
      // Accounts: role / disable / enable / end-sessions, against the victim and junk ids only
      // (never the fuzz's own admin or editor: that would end its sessions).
      const intent = pick(["", "disable", "enable", "end-sessions", "role", pickString()]);
      const target = pick([ids.victim ?? "x", ids.admin2 ?? "x", pickId(), ids.admin ?? "x"]);
      const safeIntent = target === ids.admin && (intent === "end-sessions" || intent === "") ? "disable" : intent;
      const fields = mutate([
        ["intent", safeIntent],
        ["userId", target],
        ["role", pick(["admin", "editor", "none", "", "owner", pickString()])],
      ]).filter(([k, v]) => !(k === "userId" && (v === ids.editor || (v === ids.admin && safeIntent !== "disable"))));
      const v = pick(bodyVariants());
      yield {
        group: `POST /admin/accounts ${["", "disable", "enable", "end-sessions", "role"].includes(safeIntent) ? safeIntent || "<role>" : "<junk intent>"}`,
        role,
        method: "POST",
        path: `/admin/accounts${v.suffix}`,
        headers: v.headers,
        body: form(fields),
        forbid: role !== "admin" ? [200] : undefined,
        mustNotContain: mustNot,
      };
    } else if (n < 0.56) {
      // Sign-in, two-factor, forgot and reset password: anonymous forms.
      const which = pick(["/login", "/login/two-factor", "/forgot-password", "/reset-password"]);
      const fieldsFor: Record<string, [string, string][]> = {
        "/login": [
          ["mode", pick(["login", "signup", "", pickString()])],
          ["email", pick([`fz-nobody${Math.floor(rand() * 50)}@${args.domain}`, pickString(), "a@b..co"])],
          ["password", pick(["Wrong!Pass123", "", pickString()])],
          ["redirectTo", pick(["/admin", "//evil.example", "/%09/evil.example", "/\t/evil", "/\r/x", pickString()])],
        ],
        "/login/two-factor": [
          ["method", pick(["totp", "backup", "", pickString()])],
          ["code", pick(["000000", "abcd-efgh", "", pickString()])],
          ["trust", pick(["on", "", pickString()])],
          ["redirectTo", pick(["/admin", "//evil.example", pickString()])],
        ],
        "/forgot-password": [["email", pick([`fz-nobody@${args.domain}`, ACCOUNTS.victim, pickString()])]],
        "/reset-password": [
          ["token", pick(["", "x", "a".repeat(24), pickString()])],
          ["password", pick(["New!Pass12345", "", pickString()])],
          ["confirm", pick(["New!Pass12345", "", pickString()])],
        ],
      };
      const v = pick(bodyVariants());
      const signedIn = pick(roles);
      yield {
        group: `POST ${which}`,
        role: signedIn,
        method: "POST",
        path: `${which}${v.suffix}${which === "/login" ? pick(["", "?redirectTo=%2F%0a%2Fx", "?redirectTo=%2F%09%2Fevil"]) : ""}`,
        headers: v.headers,
        body: form(mutate(fieldsFor[which] ?? [])),
        mustNotContain: ["Fz!Pass"],
      };
    } else if (n < 0.62) {
      // The same pages by GET, with hostile query strings (redirectTo, token, notice, method).
      const which = pick(["/login", "/login/two-factor", "/forgot-password", "/reset-password", "/logout"]);
      const q = pick([
        `?redirectTo=${enc(pickString())}`,
        `?redirectTo=${pick(["%2F%0d%2Fx", "%2F%0a%2Fx", "%2F%E2%80%8B", "%2F%09%2Fevil.example", "%2F%2Fevil"])}`,
        `?token=${enc(pickString())}`,
        `?token=${enc(pickString())}&error=INVALID_TOKEN`,
        `?notice=${enc(pickString())}`,
        `?method=${enc(pick(["backup", pickString()]))}`,
        "",
      ]);
      const suffix = pick(["", ".data"]);
      const logout = which === "/logout";
      yield {
        group: `GET ${which}`,
        role: logout ? "anon" : pick(roles),
        method: pick(["GET", "GET", "HEAD", "PUT", "PATCH"]),
        path: `${which}${suffix}${q}`,
        // With a two-factor challenge cookie (made up): the page must still refuse nothing with a 5xx.
        headers: which === "/login/two-factor" ? { Cookie: `better-auth.two_factor=${enc(pickString())}` } : {},
      };
    } else if (n < 0.7) {
      // better-auth's API: only GET verify-email is reachable; everything else is a 404.
      const path = pick([
        "/api/auth/sign-in/email",
        "/api/auth/sign-up/email",
        "/api/auth/two-factor/verify-totp",
        "/api/auth/two-factor/enable",
        "/api/auth/update-user",
        "/api/auth/get-session",
        "/api/auth/change-password",
        "/api/auth/reset-password",
        "/api/auth/request-password-reset",
        "/api/auth/list-sessions",
        "/api/auth/ok",
        "/api/auth/verify-email",
        "/api/auth/",
        "/api/auth/%00",
        "/api/auth/..%2f..%2fadmin",
      ]);
      const method = pick(["GET", "POST", "HEAD", "OPTIONS", "PUT", "DELETE"]);
      const q =
        path === "/api/auth/verify-email"
          ? pick([
              `?token=${enc(pickString())}`,
              `?token=${enc(pickString())}&callbackURL=${enc(pick(["//evil", "https://evil.example", "/%09/x", pickString()]))}`,
              "",
            ])
          : "";
      const body = method === "POST" ? JSON.stringify({ email: ACCOUNTS.editor, password: "Wrong!Pass1" }) : undefined;
      yield {
        group: `${method === "GET" || method === "HEAD" ? "GET" : "other"} /api/auth/*${path.endsWith("verify-email") ? " verify-email" : ""}`,
        role: pick(roles),
        method,
        path: `${path}${q}`,
        headers: { ...same, "Content-Type": "application/json" },
        body,
        forbid: path.endsWith("verify-email") ? undefined : [200, 201, 204, 302],
      };
    } else if (n < 0.76) {
      // Leads, bills, mail retry, dashboard review, lead status and note.
      const kind = pick(["bill", "consultation", "guide", "x", pickString()]);
      const id = pickId();
      const target = pick([
        `/admin/leads/${enc(kind)}/${id}`,
        `/admin/bills/${id}`,
        "/admin/mail",
        "/admin?index",
        "/admin.data?index",
      ]);
      const fields = mutate([
        ["intent", pick(["status", "note", "review", "retry", "", pickString()])],
        ["status", pick(["new", "won", "", pickString()])],
        ["body", pick(["a note", "", "x".repeat(5_001), pickString()])],
        ["id", pickId()],
        ["kind", pick(["incentive", "industry", pickString()])],
        ["mailId", pickId()],
      ]);
      const v = pick(bodyVariants());
      const path = target.includes("?") ? target : `${target}${v.suffix}`;
      yield {
        group: `POST ${target.replace(/\/admin\/(leads|bills)\/.*/, "/admin/$1/:kind/:id").replace(/\.data/, "")}`,
        role,
        method: "POST",
        path,
        headers: v.headers,
        body: form(fields),
        forbid: forbidFor(target, "POST"),
        mustNotContain: mustNot,
      };
    } else if (n < 0.8) {
      // Content editor: a few hostile cases (the review covered it at length), incl. huge indexes.
      const kind = pick(["incentives", "policy-updates", "blocks", "industries", "x"]);
      const id = pick(["new", pickId(), "site_banner"]);
      const field = pick(["title", "benefits[0].title", "benefits[99999999].title", "faq[12].q", "items[-1]"]);
      const fields = mutate([
        ["intent", pick(["save", "preview", "publish", "discard", "retire", "unretire", "review", "restore", "x"])],
        [field, pickString()],
      ]);
      const v = pick(bodyVariants());
      yield {
        group: "POST /admin/content/:kind/:id",
        role,
        method: "POST",
        path: `/admin/content/${kind}/${enc(id)}${v.suffix}`,
        headers: v.headers,
        body: form(fields),
        forbid: role === "anon" ? [200] : undefined,
      };
    } else {
      yield* [publicCase()];
    }
  }
}

/** Public forms: calculator, consultation, guide, industry consultation, bill upload, page-view beacon. */
function publicCase(): Req {
  const n = rand();
  const v = pick(bodyVariants());
  const email = pick([`${LEAD_MARK}${Math.floor(rand() * 1e6)}@example.org`, pickString(), "a@b..co"]);
  if (n < 0.2) {
    return {
      group: "POST /solar-calculator",
      role: "anon",
      method: pick(["POST", "POST", "PUT"]),
      path: `/solar-calculator${v.suffix}`,
      headers: v.headers,
      body: form(
        mutate([
          ["monthlyBill", pick(["1200", "-1", "1e309", "", pickString()])],
          ["state", pick(["CA", "tx", "ZZ", pickString()])],
        ]),
      ),
    };
  }
  if (n < 0.4) {
    return {
      group: "POST /talk-to-solar-advisor",
      role: "anon",
      method: "POST",
      path: `/talk-to-solar-advisor${v.suffix}`,
      headers: v.headers,
      body: form(
        mutate([
          ["name", pick(["Fuzz Lead", pickString()])],
          ["email", email],
          ["phone", pick(["555-555-5555", pickString()])],
          ["industry", pick(["farms", pickString()])],
          ["question", pick(["How much?", pickString()])],
        ]),
      ),
    };
  }
  if (n < 0.6) {
    const intent = pick(["guide", "consultation", "", pickString()]);
    return {
      group: `POST /:industry?intent=${["guide", "consultation"].includes(intent) ? intent : "<other>"}`,
      role: "anon",
      method: "POST",
      path: `/${pick(["farms", "hospitals", "car-dealerships"])}${v.suffix}?intent=${enc(intent)}`,
      headers: v.headers,
      body: form(
        mutate([
          ["name", pick(["Fuzz Lead", pickString()])],
          ["email", email],
          ["industryType", pick(["farms", pickString()])],
          ["state", pick(["california", pickString()])],
          ["solarReadiness", pick(["researching", pickString()])],
          ["utm_source", pickString()],
        ]),
      ),
    };
  }
  if (n < 0.8) {
    const fields = mutate([
      ["businessName", pick(["Fuzz Co", pickString()])],
      ["contactPerson", pick(["Fuzz", pickString()])],
      ["email", email],
      ["phone", pick(["555-555-5555", pickString()])],
      ["monthlyBillAmount", pick(["1200", "-5", pickString()])],
    ]).map(([k, val]) => [k.replace(/[\r\n"]/g, ""), val.slice(0, 5_000)] as [string, string]);
    const file = pick([
      { name: "bill.pdf", type: "application/pdf", data: Buffer.from("%PDF-1.4\n%fuzz\n") },
      { name: "bill.exe", type: "application/octet-stream", data: randomBytes(100) },
      { name: "a\u0000b.pdf", type: "application/pdf", data: Buffer.from("%PDF-1.4\n") },
      { name: "../../x.pdf", type: "application/pdf", data: Buffer.from("%PDF-1.4\n") },
      { name: "big.pdf", type: "application/pdf", data: Buffer.alloc(11 * 1024 * 1024, 1) },
      { name: "empty.pdf", type: "application/pdf", data: Buffer.alloc(0) },
    ]);
    const sendFile = rand() < 0.8;
    const built = multipart(fields, sendFile ? file : undefined);
    const asForm = v.label === "form" || v.label === "form .data";
    return {
      group: "POST /submit-bill",
      role: "anon",
      method: "POST",
      path: `/submit-bill${v.suffix}`,
      headers: asForm ? { ...v.headers, "Content-Type": built.type } : v.headers,
      body: asForm ? built.body : form(fields),
    };
  }
  const json = pick([
    { path: "/about", location: `${ORIGIN}/about`, title: pickString(), referrer: pickString() },
    { path: pickString(), location: pickString() },
    { path: "/", location: `${ORIGIN}/`, title: LONG },
    null,
    [],
    "x",
  ]);
  return {
    group: "POST /api/page-view",
    role: "anon",
    method: pick(["POST", "POST", "GET", "PUT"]),
    path: "/api/page-view",
    headers: { ...same, "Content-Type": pick(["application/json", "text/plain", FORM]) },
    body: pick([JSON.stringify(json), "{", "\u0000", JSON.stringify(json).repeat(200)]),
  };
}

// ---------------------------------------------------------------- fixed matrix (run first)

const ZERO_UUID = "00000000-0000-0000-0000-000000000000";

/**
 * The review's authorisation, CSRF and redirect checks as a fixed list with the one right answer
 * each: roles × admin-only pages (HTML, .data, leaf-only _routes), cross-site variants of every
 * state-changing staff action, and ?redirectTo= values that once left the site or failed.
 */
function matrixCases(): Req[] {
  const out: Req[] = [];
  const adminOnly = [
    ["/admin/leads", "routes/admin/leads"],
    ["/admin/leads/export.csv", null],
    ["/admin/mail", "routes/admin/mail"],
    ["/admin/accounts", "routes/admin/accounts"],
    ["/admin/audit", "routes/admin/audit"],
    [`/admin/bills/${ZERO_UUID}`, "routes/admin/bill-file"],
    [`/admin/leads/consultation/${ZERO_UUID}`, "routes/admin/lead"],
  ] as const;
  for (const [path, routeId] of adminOnly) {
    const variants = [path, ...(path.endsWith(".csv") ? [] : [`${path}.data`])];
    if (routeId) variants.push(`${path}.data?_routes=${routeId}`);
    for (const variant of variants) {
      out.push({ group: "matrix: admin-only page", role: "editor", method: "GET", path: variant, expect: [403] });
      out.push({
        group: "matrix: admin-only page",
        role: "anon",
        method: "GET",
        path: variant,
        expect: variant.includes(".data") ? [202, 204] : [302],
      });
    }
  }
  for (const path of ["/admin", "/admin/account", "/admin/content", "/admin/content/incentives"]) {
    for (const variant of [path, `${path}.data`]) {
      out.push({
        group: "matrix: staff page, anonymous",
        role: "anon",
        method: "GET",
        path: variant,
        expect: variant.includes(".data") ? [202, 204] : [302],
      });
    }
  }
  // Every state-changing staff action, from another site: refused before it runs.
  const actions: [string, [string, string][]][] = [
    ["/admin/account", [["intent", "end-other-sessions"]]],
    [
      "/admin/account",
      [
        ["intent", "change-password"],
        ["current", "Wrong!Pass123"],
        ["password", "New!Pass12345"],
        ["confirm", "New!Pass12345"],
      ],
    ],
    [
      "/admin/account",
      [
        ["intent", "two-factor-start"],
        ["current", "Wrong!Pass123"],
      ],
    ],
    [
      "/admin/accounts",
      [
        ["userId", ids.victim ?? "x"],
        ["role", "editor"],
      ],
    ],
    [
      "/admin/accounts",
      [
        ["userId", ids.victim ?? "x"],
        ["intent", "end-sessions"],
      ],
    ],
    [
      "/admin/accounts",
      [
        ["userId", ids.victim ?? "x"],
        ["intent", "enable"],
      ],
    ],
    [
      `/admin/leads/consultation/${ZERO_UUID}`,
      [
        ["intent", "status"],
        ["status", "won"],
      ],
    ],
    [
      `/admin/leads/consultation/${ZERO_UUID}`,
      [
        ["intent", "note"],
        ["body", "x"],
      ],
    ],
    ["/admin/mail", [["id", ZERO_UUID]]],
    [
      "/admin?index",
      [
        ["intent", "review"],
        ["kind", "incentive"],
        ["id", ZERO_UUID],
      ],
    ],
    [
      "/admin/content/incentives/new",
      [
        ["intent", "save"],
        ["title", "x"],
      ],
    ],
  ];
  const crossSite: [string, Record<string, string>][] = [
    ["Origin evil", { Origin: "http://evil.example" }],
    ["Origin null", { Origin: "null" }],
    ["no Origin, Sec-Fetch-Site cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["no Origin, Sec-Fetch-Site same-site", { "Sec-Fetch-Site": "same-site" }],
  ];
  for (const [path, fields] of actions) {
    for (const [label, headers] of crossSite) {
      out.push({
        group: `matrix: CSRF ${label}`,
        role: "admin",
        method: "POST",
        path,
        headers: { ...headers, "Content-Type": FORM },
        body: form(fields),
        expect: [400, 403],
      });
    }
  }
  // Sign-in forms from another site (login CSRF), anonymous.
  for (const [path, fields] of [
    [
      "/login",
      [
        ["email", ACCOUNTS.victim],
        ["password", "Wrong!Pass123"],
      ],
    ],
    ["/forgot-password", [["email", ACCOUNTS.victim]]],
    [
      "/reset-password",
      [
        ["token", "x"],
        ["password", "New!Pass12345"],
        ["confirm", "New!Pass12345"],
      ],
    ],
  ] as [string, [string, string][]][]) {
    for (const [label, headers] of crossSite.slice(0, 3)) {
      out.push({
        group: `matrix: CSRF ${label}`,
        role: "anon",
        method: "POST",
        path,
        headers: { ...headers, "Content-Type": FORM },
        body: form(fields),
        expect: [400, 403],
      });
    }
  }
  // ?redirectTo= for a signed-in visitor: a same-site redirect (or the default), never a 5xx.
  for (const value of [
    "%2F%09%2Fevil.example",
    "%2F%0d%2Fx",
    "%2F%0a%2Fx",
    "%2F%E2%80%8B",
    "%2F%2Fevil.example",
    "%2F%5Cevil.example",
    "https%3A%2F%2Fevil.example",
    "%2F%2e%2e%2F%2e%2e%2Fx",
    "%2Fadmin%00",
  ]) {
    for (const role of ["editor", "admin"] as const) {
      out.push({
        group: "matrix: /login?redirectTo= signed in",
        role,
        method: "GET",
        path: `/login?redirectTo=${value}`,
        expect: [302],
      });
    }
    out.push({
      group: "matrix: /login?redirectTo= anonymous",
      role: "anon",
      method: "GET",
      path: `/login?redirectTo=${value}`,
      expect: [200],
    });
  }
  // better-auth's API beyond the confirmation link: not there.
  for (const path of [
    "/api/auth/sign-in/email",
    "/api/auth/sign-up/email",
    "/api/auth/update-user",
    "/api/auth/two-factor/verify-totp",
    "/api/auth/send-verification-email",
    "/api/auth/change-password",
  ]) {
    out.push({
      group: "matrix: /api/auth/* not reachable",
      role: "anon",
      method: "POST",
      path,
      headers: { ...same, "Content-Type": "application/json" },
      body: JSON.stringify({ email: ACCOUNTS.editor, password: "Wrong!Pass123" }),
      expect: [404],
    });
  }
  return out;
}

/** Review N13: a cross-site POST /logout with a live session; recorded, the session then checked. */
async function logoutCrossSite(): Promise<void> {
  for (const [label, headers] of [
    ["Origin evil", { Origin: "http://evil.example" }],
    ["no Origin, Sec-Fetch-Site cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ] as [string, Record<string, string>][]) {
    const jar = new Map<string, string>();
    // A second session of the fuzz editor (the victim may be disabled by the fuzz by now).
    if ((await signIn(ACCOUNTS.editor, jar, "127.0.0.3")) !== 302) continue;
    const req: Req = {
      group: `matrix: CSRF ${label} /logout`,
      role: "anon",
      method: "POST",
      path: "/logout",
      headers: { ...headers, "Content-Type": FORM },
      body: "",
      expect: [403],
    };
    check(req, await send(req, "127.0.0.3", cookieHeader(jar)));
    const after = await send({ method: "GET", path: "/admin/account.data" }, "127.0.0.3", cookieHeader(jar));
    if (after.status !== 200)
      wrong.push({ req, status: after.status, why: "the cross-site sign-out ended the session" });
  }
}

// ---------------------------------------------------------------- run

type Tally = Record<string, Record<string, number>>;
const tally: Tally = {};
const fives: { req: Req; res: Res }[] = [];
const wrong: { req: Req; status: number; why: string }[] = [];

function curlFor(req: Req): string {
  const parts = [`curl -s -o /dev/null -w '%{http_code}\\n' -X ${req.method}`];
  if (req.role !== "anon") parts.push(`-b "$${req.role.toUpperCase()}_COOKIE"`);
  for (const [k, v] of Object.entries(req.headers ?? {})) parts.push(`-H ${JSON.stringify(`${k}: ${v}`)}`);
  if (req.body !== undefined) {
    const text = Buffer.isBuffer(req.body) ? `<${req.body.length} bytes multipart>` : req.body;
    parts.push(
      `--data-raw ${JSON.stringify(text.length > 600 ? `${text.slice(0, 600)}…(${text.length} chars)` : text)}`,
    );
  }
  parts.push(JSON.stringify(`${ORIGIN}${req.path.length > 400 ? `${req.path.slice(0, 400)}…` : req.path}`));
  return parts.join(" ");
}

function check(req: Req, res: Res): void {
  const key = `${req.group} [${req.role}]`;
  tally[key] ??= {};
  const status = res.error ? `no response (${res.error.slice(0, 40)})` : String(res.status);
  tally[key][status] = (tally[key][status] ?? 0) + 1;
  if (res.status >= 500) fives.push({ req, res });
  if (req.forbid?.includes(res.status))
    wrong.push({ req, status: res.status, why: "status not allowed for this role" });
  if (req.expect && !req.expect.includes(res.status)) {
    wrong.push({ req, status: res.status, why: `expected ${req.expect.join("/")}` });
  }
  const text = res.body.toString("latin1");
  for (const marker of req.mustNotContain ?? []) {
    if (text.includes(marker)) wrong.push({ req, status: res.status, why: `answer contains ${marker}` });
  }
  const type = String(res.headers["content-type"] ?? "");
  if (type.includes("text/html") && text.includes("<script>alert(1)</script>")) {
    wrong.push({ req, status: res.status, why: "unescaped <script> reflected" });
  }
  const location = String(res.headers.location ?? "");
  if (/^(\/\/|\/\\|https?:\/\/(?!127\.)|\/[\t\r\n])/i.test(location) && !location.startsWith(ORIGIN)) {
    wrong.push({ req, status: res.status, why: `redirect off site: ${JSON.stringify(location)}` });
  }
}

async function main() {
  const started = Date.now();
  await ensureSignedIn("admin");
  await ensureSignedIn("editor");
  ids = await accountIds();
  console.log(`accounts found: ${Object.keys(ids).join(", ")}`);
  const tfa = await twoFactorReplay();
  console.log(`two-factor: ${JSON.stringify(tfa)}`);
  if (tfa.replay === 302 || tfa.replay === 204) {
    wrong.push({
      req: { group: "POST /login/two-factor replay", role: "anon", method: "POST", path: "/login/two-factor" },
      status: tfa.replay,
      why: "the same TOTP code signed in twice (RFC 6238 §5.2)",
    });
  }
  // The fixed matrix first, one request at a time, with the fuzz's own sessions.
  for (const req of matrixCases()) {
    const res = await send(req, sourceFor(sent++), req.role === "anon" ? undefined : cookieHeader(jars[req.role]));
    check(req, res);
  }
  await logoutCrossSite();
  const generator = staffCases();
  let inFlight = 0;
  let lastCheck = 0;
  await new Promise<void>((done) => {
    const next = () => {
      while (inFlight < CONCURRENCY && sent < MAX && Date.now() < DEADLINE) {
        if (sent - lastCheck >= 400) {
          lastCheck = sent;
          inFlight++;
          Promise.all([ensureSignedIn("admin"), ensureSignedIn("editor")])
            .catch((error) => console.error(String(error)))
            .finally(() => {
              inFlight--;
              next();
            });
          continue;
        }
        const req = generator.next().value as Req;
        const n = sent++;
        inFlight++;
        const cookie = req.role === "anon" ? undefined : cookieHeader(jars[req.role]);
        const headers = { ...req.headers };
        let merged = cookie;
        if (headers.Cookie) {
          merged = [cookie, headers.Cookie].filter(Boolean).join("; ");
          delete headers.Cookie;
        }
        send({ ...req, headers }, sourceFor(n), merged)
          .then((res) => check(req, res))
          .finally(() => {
            inFlight--;
            if (sent % 1000 === 0)
              console.log(`${sent} sent, ${fives.length} 5xx, ${Math.round((Date.now() - started) / 1000)} s`);
            if (inFlight === 0 && (sent >= MAX || Date.now() >= DEADLINE)) done();
            else next();
          });
      }
    };
    next();
  });
  // The replay once more at the end, with whatever the fuzz left (lockouts lift after 15 min).
  const seconds = Math.round((Date.now() - started) / 1000);
  const statusTotals: Record<string, number> = {};
  for (const row of Object.values(tally))
    for (const [s, c] of Object.entries(row)) statusTotals[s] = (statusTotals[s] ?? 0) + c;
  console.log(`\n${sent} requests in ${seconds} s; re-sign-ins: ${reSignIns}`);
  console.log(`status totals: ${JSON.stringify(statusTotals)}`);
  console.log("\nper route [role]:");
  for (const key of Object.keys(tally).sort()) {
    const row = tally[key] ?? {};
    const total = Object.values(row).reduce((a, b) => a + b, 0);
    const shown = Object.entries(row)
      .sort((a, b) => b[1] - a[1])
      .map(([s, c]) => `${s} ${c}`)
      .join(" · ");
    console.log(`  ${key.padEnd(58)} ${String(total).padStart(5)}  ${shown}`);
  }
  console.log(`\n5xx: ${fives.length}`);
  const seen = new Set<string>();
  for (const { req, res } of fives) {
    const k = `${req.group}|${res.status}|${req.headers?.["Content-Type"] ?? ""}`;
    if (seen.has(k) && seen.size > 40) continue;
    seen.add(k);
    console.log(`  ${res.status} ${req.group} [${req.role}]\n    ${curlFor(req)}`);
  }
  console.log(`\nwrong answers: ${wrong.length}`);
  for (const w of wrong.slice(0, 40))
    console.log(`  ${w.status} ${w.why} — ${w.req.group} [${w.req.role}]\n    ${curlFor(w.req)}`);
  if (args.out) {
    writeFileSync(
      args.out,
      JSON.stringify(
        {
          sent,
          seconds,
          reSignIns,
          twoFactor: tfa,
          twoFactorKey: twoFactorKey ? "(set)" : "",
          statusTotals,
          tally,
          fives: fives.map(({ req, res }) => ({
            status: res.status,
            group: req.group,
            role: req.role,
            curl: curlFor(req),
          })),
          wrong: wrong.map((w) => ({
            status: w.status,
            why: w.why,
            group: w.req.group,
            role: w.req.role,
            curl: curlFor(w.req),
          })),
        },
        null,
        1,
      ),
    );
  }
  process.exitCode = fives.length || wrong.length ? 1 : 0;
}

await main();

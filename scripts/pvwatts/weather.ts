// Weather-file readers for the PVWatts model: SAM CSV (NSRDB PSM3 TMY, SAM's TMY2 conversions, measured
// sub-hourly files), TMY3 CSV and TMY2 fixed-width (.tm2).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

interface WeatherRecord {
  year: number;
  month: number;
  day: number;
  hour: number; // 0-23, local standard time
  minute: number;
  ghi: number;
  dni: number;
  dhi: number;
  tamb: number;
  wspd: number;
  pres: number; // mbar
  albedo: number; // NaN when the file has none
}
export interface Weather {
  lat: number;
  lon: number;
  tz: number;
  elev: number;
  /** true: the timestamp is the instant to evaluate (file has minutes); false: hourly values over [hour, hour+1). */
  instantaneous: boolean;
  stepHours: number;
  records: WeatherRecord[];
}

const num = (s: string | undefined) => (s === undefined || s.trim() === "" ? Number.NaN : Number(s));

/** SAM CSV: line 1 header names, line 2 header values, line 3 column names, then data. */
export function readSamCsv(text: string): Weather {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const [names, values, columns] = lines.slice(0, 3).map((l) => l.split(",").map((c) => c.trim().toLowerCase()));
  if (!names || !values || !columns) throw new Error("SAM CSV: missing header lines");
  const meta = (key: string) => num(values[names.indexOf(key)]);
  const col = (...keys: string[]) => columns.findIndex((c) => keys.includes(c));
  const idx = {
    year: col("year"),
    month: col("month"),
    day: col("day"),
    hour: col("hour"),
    minute: col("minute"),
    ghi: col("ghi"),
    dni: col("dni"),
    dhi: col("dhi"),
    tamb: col("temperature", "tdry"),
    wspd: col("wind speed", "wspd"),
    pres: col("pressure", "pres"),
    albedo: col("surface albedo", "albedo", "alb"),
  };
  const rows = lines.slice(3).map((l) => l.split(","));
  // Some files number hours 1-24 (hour-ending labels): shift them to 0-23.
  const hourShift = rows.some((r) => num(r[idx.hour]) === 24) ? 1 : 0;
  const records = rows.map((r) => ({
    year: num(r[idx.year]),
    month: num(r[idx.month]),
    day: num(r[idx.day]),
    hour: num(r[idx.hour]) - hourShift,
    minute: idx.minute >= 0 ? num(r[idx.minute]) : 30,
    ghi: num(r[idx.ghi]),
    dni: num(r[idx.dni]),
    dhi: num(r[idx.dhi]),
    tamb: num(r[idx.tamb]),
    wspd: num(r[idx.wspd]),
    pres: idx.pres >= 0 ? num(r[idx.pres]) : 1013.25,
    albedo: idx.albedo >= 0 ? num(r[idx.albedo]) : Number.NaN,
  }));
  const lat = meta("latitude");
  const lon = meta("longitude");
  return {
    lat,
    lon,
    tz: meta("time zone"),
    elev: meta("elevation"),
    instantaneous: idx.minute >= 0,
    stepHours: 8760 / records.length,
    records,
  };
}

/** TMY3 CSV (NSRDB 1991-2005 update): hour-ending local standard time stamps 01:00-24:00. */
export function readTmy3(text: string): Weather {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const head = (lines[0] ?? "").split(",");
  const columns = (lines[1] ?? "").split(",");
  const col = (name: string) => columns.indexOf(name);
  const c = {
    ghi: col("GHI (W/m^2)"),
    dni: col("DNI (W/m^2)"),
    dhi: col("DHI (W/m^2)"),
    tamb: col("Dry-bulb (C)"),
    wspd: col("Wspd (m/s)"),
    pres: col("Pressure (mbar)"),
    albedo: col("Alb (unitless)"),
  };
  const records = lines.slice(2).map((l) => {
    const r = l.split(",");
    const [mm, dd, yyyy] = (r[0] ?? "").split("/").map(Number);
    return {
      year: yyyy ?? 0,
      month: mm ?? 0,
      day: dd ?? 0,
      hour: Number((r[1] ?? "").split(":")[0]) - 1,
      minute: 30,
      ghi: num(r[c.ghi]),
      dni: num(r[c.dni]),
      dhi: num(r[c.dhi]),
      tamb: num(r[c.tamb]),
      wspd: num(r[c.wspd]),
      pres: num(r[c.pres]),
      albedo: num(r[c.albedo]),
    };
  });
  return {
    lat: num(head[4]),
    lon: num(head[5]),
    tz: num(head[3]),
    elev: num(head[6]),
    instantaneous: false,
    stepHours: 1,
    records,
  };
}

/** TMY2 fixed-width (.tm2, NSRDB 1961-1990): hour-ending stamps 1-24; fields at the TMY2 manual's columns. */
export function readTmy2(text: string): Weather {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const m = /(-?\d+)\s+([NS])\s*(\d+)\s+(\d+)\s+([EW])\s*(\d+)\s+(\d+)\s+(-?\d+)\s*$/.exec(lines[0] ?? "");
  if (!m) throw new Error("TMY2: unreadable header");
  const deg = (d: string | undefined, mi: string | undefined, neg: boolean) =>
    (neg ? -1 : 1) * (Number(d) + Number(mi) / 60);
  const f = (l: string, from: number, to: number) => Number(l.slice(from - 1, to)); // 1-based inclusive columns
  const records = lines.slice(1).map((l) => ({
    year: 1900 + f(l, 2, 3),
    month: f(l, 4, 5),
    day: f(l, 6, 7),
    hour: f(l, 8, 9) - 1,
    minute: 30,
    ghi: f(l, 18, 21),
    dni: f(l, 24, 27),
    dhi: f(l, 30, 33),
    tamb: f(l, 68, 71) / 10,
    pres: f(l, 85, 88),
    wspd: f(l, 96, 98) / 10,
    albedo: Number.NaN,
  }));
  return {
    lat: deg(m[3], m[4], m[2] === "S"),
    lon: deg(m[6], m[7], m[5] === "W"),
    tz: Number(m[1]),
    elev: Number(m[8]),
    instantaneous: false,
    stepHours: 1,
    records,
  };
}

/** Copies `rev:path` out of a bare mirror into /tmp (weather files are never copied into the project). */
export function extractFromMirror(repoDir: string, rev: string, path: string): string {
  const dir = "/tmp/pvwatts-weather";
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `${rev.slice(0, 8)}-${basename(path)}`);
  writeFileSync(out, execFileSync("git", ["-C", repoDir, "show", `${rev}:${path}`], { maxBuffer: 1 << 28 }));
  return out;
}

// Roof-mounted commercial yield (roof mount 10°, premium, DC/AC 1.3, 98 % inverter) for every weather file at hand,
// at PVWatts' default 14 % losses and at PVLCOE's 9.5 %. Usage: node --import tsx scripts/pvwatts/located.ts
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { annualYield } from "./model";
import { PVLCOE, pvlcoeStations, pvlcoeSystem, SSC } from "./validate";
import { extractFromMirror, readSamCsv, readTmy2, readTmy3, type Weather } from "./weather";

const PVLIB = "/work/.mirror/pvlib+pvlib-python/repo";
const PVLIB_HEAD = "HEAD";
const SSC_HEAD = "HEAD";
const sources: {
  station: string;
  repo: string;
  rev: string;
  path: string;
  kind: string;
  read: (t: string) => Weather;
}[] = [
  ...pvlcoeStations().map(({ file, site }) => ({
    station: site.replace("USA ", ""),
    repo: PVLCOE,
    rev: "HEAD",
    path: file,
    kind: "NSRDB PSM3 TMY",
    read: readSamCsv,
  })),
  {
    station: "CA Sacramento",
    repo: PVLIB,
    rev: "1620a681e99f2674478359f554e5c79ad13da54b",
    path: "pvlib/data/724839TYA.CSV",
    kind: "TMY3 1991-2005",
    read: readTmy3,
  },
  {
    station: "FL Melbourne",
    repo: PVLIB,
    rev: "6e9aaf0fce0214591225d1fa8aeafb8f5aa802cb",
    path: "pvlib/data/722040TYA.CSV",
    kind: "TMY3 1991-2005",
    read: readTmy3,
  },
  {
    station: "NM Albuquerque",
    repo: PVLIB,
    rev: "7475f3e4068537b5cb647b90758274ba89db2b78",
    path: "pvlib/data/723650TYA.CSV",
    kind: "TMY3 1991-2005",
    read: readTmy3,
  },
  {
    station: "NC Greensboro",
    repo: PVLIB,
    rev: PVLIB_HEAD,
    path: "pvlib/data/723170TYA.CSV",
    kind: "TMY3 1991-2005",
    read: readTmy3,
  },
  {
    station: "FL Miami",
    repo: PVLIB,
    rev: PVLIB_HEAD,
    path: "pvlib/data/12839.tm2",
    kind: "TMY2 1961-1990",
    read: readTmy2,
  },
  {
    station: "AZ Tucson",
    repo: SSC,
    rev: SSC_HEAD,
    path: "test/input_cases/pvsamv1_data/USA AZ Tucson (TMY2).csv",
    kind: "TMY2 1961-1990",
    read: readSamCsv,
  },
  {
    station: "CA Los Angeles",
    repo: SSC,
    rev: SSC_HEAD,
    path: "test/input_cases/pvsamv1_data/LosAngeles_WeatherFile_15min.csv",
    kind: "measured 2012, 15-min (one year, not typical)",
    read: readSamCsv,
  },
];

const shortRev = (repo: string, rev: string) =>
  execFileSync("git", ["-C", repo, "rev-parse", rev]).toString().trim().slice(0, 12);

console.log("| Station | File | Data | kWh/kW-yr at 14 % | at 9.5 % |");
console.log("|---|---|---|---|---|");
for (const s of sources) {
  const weather = s.read(readFileSync(extractFromMirror(s.repo, s.rev, s.path), "utf8"));
  const y14 = annualYield(weather, pvlcoeSystem("roofMount", 10, 14));
  const y95 = annualYield(weather, pvlcoeSystem("roofMount", 10, 9.5));
  const repoName = s.repo.split("/").at(-2)?.replace("+", "/");
  console.log(
    `| ${s.station} | ${repoName}@${shortRev(s.repo, s.rev)}:${s.path} | ${s.kind} | ${y14.toFixed(0)} | ${y95.toFixed(0)} |`,
  );
}

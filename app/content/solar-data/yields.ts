import type { DataRow } from "~/lib/solar-model/types";

/**
 * kWh per kW DC in year one for a commercial roof, by state: NREL PVLCOE presets (PVWatts v7, NSRDB
 * PSM3 TMY to 2020, tilt 10°, azimuth 180°, DC/AC 1.3, a median-resource site per state). NREL used
 * 9.5% losses; each value is restated at PVWatts' default 14%: preset × 0.86 ÷ 0.905, rounded. Each
 * line's comment gives the site and NREL's figure.
 */
const SOURCE = {
  title:
    "NREL PVLCOE calculator presets (v2.0.1, 2021): PVWatts v7 energy yield, mono-Si roof-mounted commercial scale, DC/AC 1.3",
  url: "https://github.com/NREL/PVLCOE/blob/19d07e9626e112b632b9ffe66e5680729e85760c/js/PresetTree.js",
  year: 2021,
  reviewedOn: "2026-11-26",
} as const;

const NOTE =
  "PVWatts v7, NSRDB typical year (through 2020), fixed roof mount at 10° tilt facing south, one median-sun site per state; NREL's 9.5% losses re-stated at PVWatts' default 14%. Your site's own PVWatts run should replace it.";

function nrel(kwhPerKw: number): DataRow {
  return { value: kwhPerKw, unit: "kWh/kW-yr", source: SOURCE, note: NOTE };
}

/** A DC size ÷ this is the AC size assumed without the visitor's own. */
export const YIELD_DC_AC_RATIO: DataRow = {
  value: 1.3,
  unit: "DC/AC",
  source: SOURCE,
};

export const LOSS_RESTATEMENT = (1 - 0.14) / (1 - 0.095);

export const SPECIFIC_YIELDS: Readonly<Record<string, DataRow>> = {
  AL: nrel(1458), // Alabama: Montgomery, 1533.90 at 9.5% losses
  AK: nrel(665), // Alaska: Juneau, 700.20 at 9.5% losses
  AZ: nrel(1702), // Arizona: Phoenix, 1791.54 at 9.5% losses
  AR: nrel(1372), // Arkansas: Little Rock, 1443.97 at 9.5% losses
  CA: nrel(1744), // California: Daggett, 1835.17 at 9.5% losses
  CO: nrel(1516), // Colorado: Denver, 1594.99 at 9.5% losses
  CT: nrel(1222), // Connecticut: Hartford, 1285.71 at 9.5% losses
  DE: nrel(1350), // Delaware: Dover, 1420.49 at 9.5% losses
  FL: nrel(1578), // Florida: Fort Lauderdale, 1660.73 at 9.5% losses
  GA: nrel(1484), // Georgia: Albany, 1561.95 at 9.5% losses
  HI: nrel(1713), // Hawaii: Honolulu, 1802.86 at 9.5% losses
  ID: nrel(1409), // Idaho: Boise, 1482.67 at 9.5% losses
  IL: nrel(1335), // Illinois: Springfield, 1404.92 at 9.5% losses
  IN: nrel(1297), // Indiana: Indianapolis, 1365.23 at 9.5% losses
  IA: nrel(1305), // Iowa: Des Moines, 1373.40 at 9.5% losses
  KS: nrel(1470), // Kansas: Hutchinson, 1546.46 at 9.5% losses
  KY: nrel(1319), // Kentucky: Bowling Green, 1388.34 at 9.5% losses
  LA: nrel(1426), // Louisiana: Baton Rouge, 1500.90 at 9.5% losses
  ME: nrel(1231), // Maine: Augusta, 1295.24 at 9.5% losses
  MD: nrel(1336), // Maryland: Baltimore, 1406.27 at 9.5% losses
  MA: nrel(1256), // Massachusetts: Boston, 1321.69 at 9.5% losses
  MI: nrel(1220), // Michigan: Saginaw, 1283.89 at 9.5% losses
  MN: nrel(1258), // Minnesota: Minneapolis, 1323.67 at 9.5% losses
  MS: nrel(1402), // Mississippi: Jackson, 1475.37 at 9.5% losses
  MO: nrel(1372), // Missouri: Kansas City, 1444.24 at 9.5% losses
  MT: nrel(1267), // Montana: Great Falls, 1333.07 at 9.5% losses
  NE: nrel(1455), // Nebraska: North Platte, 1531.13 at 9.5% losses
  NV: nrel(1690), // Nevada: Las Vegas, 1778.37 at 9.5% losses
  NH: nrel(1231), // New Hampshire: Concord, 1295.48 at 9.5% losses
  NJ: nrel(1372), // New Jersey: Atlantic City, 1444.24 at 9.5% losses
  NM: nrel(1703), // New Mexico: Albuquerque, 1792.21 at 9.5% losses
  NY: nrel(1193), // New York: Rochester, 1255.32 at 9.5% losses
  NC: nrel(1405), // North Carolina: Greensboro, 1478.92 at 9.5% losses
  ND: nrel(1288), // North Dakota: Bismarck, 1354.89 at 9.5% losses
  OH: nrel(1253), // Ohio: Columbus, 1318.51 at 9.5% losses
  OK: nrel(1503), // Oklahoma: Oklahoma City, 1581.31 at 9.5% losses
  OR: nrel(1183), // Oregon: Roseburg, 1244.38 at 9.5% losses
  PA: nrel(1276), // Pennsylvania: Lancaster, 1342.61 at 9.5% losses
  RI: nrel(1276), // Rhode Island: Providence, 1342.60 at 9.5% losses
  SC: nrel(1392), // South Carolina: Greenville, 1465.09 at 9.5% losses
  SD: nrel(1354), // South Dakota: Pierre, 1425.34 at 9.5% losses
  TN: nrel(1337), // Tennessee: Nashville, 1406.72 at 9.5% losses
  TX: nrel(1513), // Texas: San Antonio, 1592.68 at 9.5% losses
  UT: nrel(1438), // Utah: Salt Lake City, 1513.42 at 9.5% losses
  VT: nrel(1163), // Vermont: Burlington, 1224.07 at 9.5% losses
  VA: nrel(1339), // Virginia: Richmond, 1408.77 at 9.5% losses
  WA: nrel(1040), // Washington: Bremerton, 1094.91 at 9.5% losses
  WV: nrel(1223), // West Virginia: Charleston, 1286.78 at 9.5% losses
  WI: nrel(1305), // Wisconsin: Madison, 1373.03 at 9.5% losses
  WY: nrel(1454), // Wyoming: Cheyenne, 1529.73 at 9.5% losses
};

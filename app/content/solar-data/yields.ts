import type { DataRow } from "~/lib/solar-model/types";

/**
 * kWh per kW per year for commercial rooftop PV, by state, from NREL's commercial-building rooftop
 * supply curve (Denholm & Margolis, "Supply Curves for Rooftop Solar PV-Generated Electricity for
 * the United States", NREL/TP-6A0-44073, November 2008; original PDF
 * http://www.nrel.gov/docs/fy09osti/44073.pdf). The stored copy read is JGCRI's
 * NREL_Com_PV_supply_curve.csv (url below), which cites that report: per state, 11 rows of MW and
 * GWH, one "Flat" and ten labelled "120 10" … "240 25" (read as azimuth 120°–240° and tilt 10°/25°).
 *
 * Derivation: value = sum of GWH over the 11 rows ÷ sum of MW over the 11 rows × 1,000 (kWh/kW),
 * i.e. the average over all commercial roof area the study counted, rounded to a whole kWh. The
 * comment on each line gives the two sums and, for comparison, the "180 10" row alone.
 * The copy also holds the District of Columbia (1,112 kWh/kW), left out because the site lists only
 * the 50 states.
 *
 * Caveats: modeled with 2008 assumptions, so likely lower than a current PVWatts run; the stored copy
 * says "MW" without saying DC or AC; a site's own PVWatts figure should replace it.
 */
const SOURCE = {
  title:
    "NREL, Denholm & Margolis (2008), Supply Curves for Rooftop Solar PV-Generated Electricity for the United States (NREL/TP-6A0-44073): commercial buildings by state, as stored in JGCRI gcamdata",
  url: "https://github.com/JGCRI/gcamdata/blob/5268c2d0935922d376f6d7a46be981ec12b324db/inst/extdata/gcam-usa/NREL_Com_PV_supply_curve.csv",
  year: 2008,
  reviewedOn: "2026-11-26",
} as const;

const NOTE =
  "Modeled 2008 commercial-rooftop average over all roof orientations (sum of GWh ÷ sum of MW); capacity basis (DC or AC) not stated in the stored copy; likely conservative against a current PVWatts run.";

function nrel(kwhPerKw: number): DataRow {
  return { value: kwhPerKw, unit: "kWh/kW-yr", source: SOURCE, note: NOTE };
}

export const SPECIFIC_YIELDS: Readonly<Record<string, DataRow>> = {
  AL: nrel(1176), // Alabama: 8858.6 GWh / 7534.1 MW ("180 10": 1173)
  AK: nrel(707), // Alaska: 802.4 GWh / 1134.6 MW ("180 10": 692)
  AZ: nrel(1490), // Arizona: 12189.0 GWh / 8181.3 MW ("180 10": 1483)
  AR: nrel(1180), // Arkansas: 4786.8 GWh / 4055.5 MW ("180 10": 1176)
  CA: nrel(1353), // California: 69080.7 GWh / 51062.8 MW ("180 10": 1351)
  CO: nrel(1395), // Colorado: 11056.4 GWh / 7927.1 MW ("180 10": 1378)
  CT: nrel(1065), // Connecticut: 6542.0 GWh / 6145.4 MW ("180 10": 1056)
  DE: nrel(1100), // Delaware: 1373.9 GWh / 1249.3 MW ("180 10": 1092)
  FL: nrel(1260), // Florida: 33892.3 GWh / 26889.6 MW ("180 10": 1263)
  GA: nrel(1186), // Georgia: 18454.1 GWh / 15555.8 MW ("180 10": 1183)
  HI: nrel(1449), // Hawaii: 3158.8 GWh / 2180.2 MW ("180 10": 1463)
  ID: nrel(1236), // Idaho: 2397.3 GWh / 1939.9 MW ("180 10": 1223)
  IL: nrel(1116), // Illinois: 24304.7 GWh / 21778.5 MW ("180 10": 1107)
  IN: nrel(1098), // Indiana: 13557.3 GWh / 12349.0 MW ("180 10": 1092)
  IA: nrel(1136), // Iowa: 6063.2 GWh / 5338.3 MW ("180 10": 1125)
  KS: nrel(1239), // Kansas: 6093.3 GWh / 4916.2 MW ("180 10": 1229)
  KY: nrel(1112), // Kentucky: 7925.9 GWh / 7125.7 MW ("180 10": 1108)
  LA: nrel(1212), // Louisiana: 8463.1 GWh / 6981.4 MW ("180 10": 1213)
  ME: nrel(1075), // Maine: 2008.1 GWh / 1867.9 MW ("180 10": 1062)
  MD: nrel(1103), // Maryland: 9551.2 GWh / 8662.3 MW ("180 10": 1094)
  MA: nrel(1075), // Massachusetts: 11707.3 GWh / 10888.2 MW ("180 10": 1065)
  MI: nrel(1066), // Michigan: 18327.4 GWh / 17200.3 MW ("180 10": 1058)
  MN: nrel(1085), // Minnesota: 9723.7 GWh / 8959.2 MW ("180 10": 1071)
  MS: nrel(1190), // Mississippi: 5066.6 GWh / 4258.4 MW ("180 10": 1189)
  MO: nrel(1183), // Missouri: 11058.7 GWh / 9348.3 MW ("180 10": 1174)
  MT: nrel(1140), // Montana: 1374.0 GWh / 1205.3 MW ("180 10": 1122)
  NE: nrel(1208), // Nebraska: 3787.0 GWh / 3133.8 MW ("180 10": 1195)
  NV: nrel(1465), // Nevada: 6004.4 GWh / 4098.4 MW ("180 10": 1454)
  NH: nrel(1072), // New Hampshire: 2140.9 GWh / 1997.0 MW ("180 10": 1060)
  NJ: nrel(1084), // New Jersey: 15284.3 GWh / 14096.1 MW ("180 10": 1076)
  NM: nrel(1525), // New Mexico: 3994.8 GWh / 2620.0 MW ("180 10": 1515)
  NY: nrel(1072), // New York: 26043.9 GWh / 24285.7 MW ("180 10": 1065)
  NC: nrel(1162), // North Carolina: 17341.3 GWh / 14921.9 MW ("180 10": 1156)
  ND: nrel(1072), // North Dakota: 1274.1 GWh / 1188.5 MW ("180 10": 1057)
  OH: nrel(1060), // Ohio: 24672.7 GWh / 23270.5 MW ("180 10": 1055)
  OK: nrel(1249), // Oklahoma: 7028.1 GWh / 5625.5 MW ("180 10": 1242)
  OR: nrel(1046), // Oregon: 5772.8 GWh / 5521.0 MW ("180 10": 1039)
  PA: nrel(1058), // Pennsylvania: 21001.0 GWh / 19858.1 MW ("180 10": 1050)
  RI: nrel(1086), // Rhode Island: 1722.9 GWh / 1586.6 MW ("180 10": 1076)
  SC: nrel(1189), // South Carolina: 8797.7 GWh / 7401.5 MW ("180 10": 1184)
  SD: nrel(1182), // South Dakota: 1418.2 GWh / 1199.4 MW ("180 10": 1167)
  TN: nrel(1138), // Tennessee: 12417.6 GWh / 10910.0 MW ("180 10": 1135)
  TX: nrel(1230), // Texas: 45047.5 GWh / 36622.2 MW ("180 10": 1230)
  UT: nrel(1290), // Utah: 5204.0 GWh / 4033.4 MW ("180 10": 1281)
  VT: nrel(1055), // Vermont: 985.5 GWh / 934.2 MW ("180 10": 1043)
  VA: nrel(1133), // Virginia: 13821.6 GWh / 12203.9 MW ("180 10": 1125)
  WA: nrel(997), // Washington: 9458.4 GWh / 9489.7 MW ("180 10": 989)
  WV: nrel(1045), // West Virginia: 2522.5 GWh / 2413.0 MW ("180 10": 1040)
  WI: nrel(1097), // Wisconsin: 11157.2 GWh / 10167.4 MW ("180 10": 1086)
  WY: nrel(1310), // Wyoming: 1040.1 GWh / 793.8 MW ("180 10": 1292)
};

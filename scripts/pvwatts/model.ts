// PVWatts-v7-style hourly yield model for a fixed array, written from the published equations:
// Dobos 2014 (PVWatts v5 manual, NREL/TP-6A20-62641) and the v7 changes (cover, spectral, self-shading),
// Perez et al. 1990, the Astronomical Almanac / Michalsky 1988 sun position, Fuentes 1987 cell temperature.
import type { Weather } from "./weather";

type ModuleType = "standard" | "premium" | "thinFilm";
type ArrayType = "openRack" | "roofMount";
export interface PvSystem {
  tilt: number;
  azimuth: number;
  arrayType: ArrayType;
  moduleType: ModuleType;
  lossesPct: number;
  dcAcRatio: number;
  invEffPct: number;
  gcr: number;
  /** DC size: only sets the row count and row length of PVWatts' self-shading layout. */
  systemKw?: number;
  /** Use the cover model of ssc releases before 2021-11-30 (what PVLCOE's July 2021 presets ran). */
  cover2021?: boolean;
}

const RAD = Math.PI / 180;
const sind = (d: number) => Math.sin(d * RAD);
const cosd = (d: number) => Math.cos(d * RAD);

/** PVWatts v7 module types: temperature coefficient of power (1/°C) and STC efficiency. */
const MODULES: Record<ModuleType, { gamma: number; eff: number }> = {
  standard: { gamma: -0.0037, eff: 0.19 },
  premium: { gamma: -0.0035, eff: 0.21 },
  thinFilm: { gamma: -0.0032, eff: 0.18 },
};

export interface SunPosition {
  zenith: number; // apparent (refracted), degrees
  azimuth: number; // degrees east of north
  elevation: number; // geometric, degrees
}

/** Sun position (Astronomical Almanac low-precision formulae as used by Michalsky 1988; SPA refraction). */
export function sunPosition(
  year: number,
  month: number,
  day: number,
  hourLocal: number,
  lat: number,
  lon: number,
  tz: number,
  pressureMbar = 1013.25,
  tempC = 12,
): SunPosition {
  const jd = Date.UTC(year, month - 1, day) / 86_400_000 + 2_440_587.5 + (hourLocal - tz) / 24;
  const n = jd - 2_451_545.0;
  const meanLong = 280.46 + 0.9856474 * n;
  const meanAnom = (357.528 + 0.9856003 * n) * RAD;
  const eclLong = (meanLong + 1.915 * Math.sin(meanAnom) + 0.02 * Math.sin(2 * meanAnom)) * RAD;
  const obliq = (23.439 - 0.0000004 * n) * RAD;
  const ra = Math.atan2(Math.cos(obliq) * Math.sin(eclLong), Math.cos(eclLong));
  const dec = Math.asin(Math.sin(obliq) * Math.sin(eclLong));
  const gmstHours = 18.697374558 + 24.06570982441908 * n;
  let ha = ((gmstHours * 15 + lon) * RAD - ra) % (2 * Math.PI);
  if (ha > Math.PI) ha -= 2 * Math.PI;
  if (ha < -Math.PI) ha += 2 * Math.PI;
  const phi = lat * RAD;
  const sinEl = Math.sin(phi) * Math.sin(dec) + Math.cos(phi) * Math.cos(dec) * Math.cos(ha);
  const elevation = Math.asin(Math.max(-1, Math.min(1, sinEl))) / RAD;
  const az = Math.atan2(Math.sin(ha), Math.cos(ha) * Math.sin(phi) - Math.tan(dec) * Math.cos(phi)) / RAD + 180;
  // Atmospheric refraction, NREL SPA eq. 42 (Reda & Andreas 2004), applied while the sun is near or above the horizon.
  const refr =
    elevation >= -0.8333
      ? ((pressureMbar / 1010) * (283 / (273 + tempC)) * 1.02) /
        (60 * Math.tan((elevation + 10.3 / (elevation + 5.11)) * RAD))
      : 0;
  return { zenith: 90 - elevation - refr, azimuth: az % 360, elevation };
}

const SUNRISE_ELEV = -0.8333; // geometric elevation of the sun's centre at rise/set (refraction + semidiameter)

/** PVWatts' sun position for an hourly interval [t0, t0+1): midpoint, or the sunlit part's midpoint at sunrise/sunset. */
function sunForHour(w: Weather, year: number, month: number, day: number, t0: number, pres: number, tamb: number) {
  const at = (t: number) => sunPosition(year, month, day, t, w.lat, w.lon, w.tz, pres, tamb);
  const up0 = at(t0).elevation > SUNRISE_ELEV;
  const up1 = at(t0 + 1).elevation > SUNRISE_ELEV;
  if (up0 === up1) return { sun: at(t0 + 0.5), up: at(t0 + 0.5).elevation > SUNRISE_ELEV };
  let [lo, hi] = [t0, t0 + 1]; // bisection for the sunrise/sunset instant
  for (let i = 0; i < 20; i++) {
    const mid = (lo + hi) / 2;
    if (at(mid).elevation > SUNRISE_ELEV === up0) lo = mid;
    else hi = mid;
  }
  return { sun: at(up0 ? (t0 + lo) / 2 : (lo + t0 + 1) / 2), up: true };
}

// Perez et al. 1990 coefficients (all-sites composite), by sky-clearness bin.
const EPS_BINS = [1.065, 1.23, 1.5, 1.95, 2.8, 4.5, 6.2];
const F: readonly (readonly [number, number, number, number, number, number])[] = [
  [-0.0083117, 0.5877285, -0.0620636, -0.0596012, 0.0721249, -0.0220216],
  [0.1299457, 0.6825954, -0.1513752, -0.0189325, 0.065965, -0.0288748],
  [0.3296958, 0.4868735, -0.2210958, 0.055414, -0.0639588, -0.0260542],
  [0.5682053, 0.1874525, -0.295129, 0.1088631, -0.1519229, -0.0139754],
  [0.873028, -0.3920403, -0.3616149, 0.2255647, -0.4620442, 0.0012448],
  [1.1326077, -1.2367284, -0.4118494, 0.2877813, -0.8230357, 0.0558651],
  [1.0601591, -1.5999137, -0.3589221, 0.2642124, -1.127234, 0.1310694],
  [0.677747, -0.3272588, -0.2504286, 0.1561313, -1.3765031, 0.2506212],
];

/** Plane-of-array beam, sky-diffuse (Perez 1990) and ground-reflected irradiance, W/m². */
function poaIrradiance(dni: number, dhi: number, albedo: number, zenith: number, cosAoi: number, tilt: number) {
  const dn = Math.max(dni, 0);
  const df = Math.max(dhi, 0);
  if (zenith > 87.5)
    return { beam: zenith < 90 ? dn * Math.max(cosAoi, 0) : 0, sky: (df * (1 + cosd(tilt))) / 2, ground: 0 };
  const beam = dn * Math.max(cosAoi, 0);
  if (df <= 0) return { beam, sky: 0, ground: 0 };
  const cz = cosd(zenith);
  const airMass = 1 / (cz + 0.15 * (93.9 - zenith) ** -1.253); // Kasten 1966
  const delta = (df * airMass) / 1367;
  const z3 = 5.534e-6 * zenith ** 3;
  const eps = ((dn + df) / df + z3) / (1 + z3);
  let bin = 0;
  while (bin < 7 && eps > (EPS_BINS[bin] ?? Infinity)) bin++;
  const [f11, f12, f13, f21, f22, f23] = F[Math.min(bin, 7)] ?? [0, 0, 0, 0, 0, 0];
  const zr = zenith * RAD;
  const f1 = Math.max(0, f11 + f12 * delta + f13 * zr);
  const f2 = f21 + f22 * delta + f23 * zr;
  const sky =
    df * (1 - f1) * ((1 + cosd(tilt)) / 2) +
    (df * f1 * Math.max(cosAoi, 0)) / Math.max(cz, cosd(85)) +
    df * f2 * sind(tilt);
  const ground = (albedo * (dn * cz + df) * (1 - cosd(tilt))) / 2;
  return { beam, sky, ground };
}

/** Fresnel + Bouguer transmittance of one cover layer (Duffie & Beckman ch. 5; De Soto et al. 2006). */
function transmittance(theta1: number, n1: number, n2: number, thickness: number) {
  const t1 = theta1 * RAD;
  const t2 = Math.asin((n1 / n2) * Math.sin(t1));
  const rPerp = Math.sin(t2 - t1) ** 2 / Math.sin(t2 + t1) ** 2;
  const rPar = Math.tan(t2 - t1) ** 2 / Math.tan(t2 + t1) ** 2;
  return { tau: (1 - (rPerp + rPar) / 2) * Math.exp((-4 * thickness) / Math.cos(t2)), refracted: t2 / RAD };
}
const N_GLASS = 1.526;
const N_AR = 1.3;
const GLASS_M = 0.002;
/** Transmittance through an anti-reflective coating (1 % of the glass thickness) and then the glass. */
function tauArGlass(theta: number) {
  const coat = transmittance(theta, 1, N_AR, GLASS_M * 0.01);
  return coat.tau * transmittance(coat.refracted, N_AR, N_GLASS, GLASS_M).tau;
}
// PVWatts v7/v8 normalise by the coating's transmittance times the glass's as entered from air (not from the coating),
// 0.933 instead of 0.969: the beam factor then saturates at 1 up to large AOI and diffuse loses ~3 % rather than ~7 %.
const TAU_NORMAL = (() => {
  const coat = transmittance(1, 1, N_AR, GLASS_M * 0.01);
  return coat.tau * transmittance(coat.refracted, 1, N_GLASS, GLASS_M).tau;
})();

/**
 * PVWatts v7 cover factors relative to normal incidence: beam at the AOI; sky and ground diffuse at Brandemuehl-Beckman
 * angles. `legacy2021`: ssc before 2021-11-30 (ssc#678) normalised by bare glass and did not cap the factors at 1.
 */
export function coverFactors(aoi: number, tilt: number, legacy2021 = false) {
  const norm = legacy2021 ? transmittance(1, 1, N_GLASS, GLASS_M).tau : TAU_NORMAL;
  const cap = legacy2021 ? Number.POSITIVE_INFINITY : 1;
  const thSky = 59.7 - 0.1388 * tilt + 0.001497 * tilt * tilt;
  const thGnd = 90 - 0.5788 * tilt + 0.002693 * tilt * tilt;
  return {
    beam: Math.min(cap, tauArGlass(Math.min(89, Math.max(1, aoi))) / norm),
    sky: Math.min(cap, transmittance(thSky, 1, N_GLASS, GLASS_M).tau / norm),
    ground: Math.min(cap, transmittance(thGnd, 1, N_GLASS, GLASS_M).tau / norm),
  };
}

/** Spectral (air-mass) modifier: De Soto et al. 2006 polynomial of Kasten-Young air mass, pressure-corrected by site elevation. */
function airMassModifier(zenith: number, elevationM: number) {
  const am = Math.exp(-0.0001184 * elevationM) / (cosd(zenith) + 0.5057 * (96.08 - zenith) ** -1.634);
  const c = [0.918093, 0.086257, -0.024459, 0.002816, -0.000126];
  return Math.max(
    0,
    c.reduce((s, ci, i) => s + ci * am ** i, 0),
  );
}

/** PVWatts inverter (Dobos 2014 eq. 10-11): part-load efficiency curve scaled to the nominal efficiency; AC clipped at rating. */
export function inverterAc(dc: number, acRated: number, etaNominal: number) {
  if (dc <= 0) return 0;
  const plr = dc / (acRated / etaNominal);
  const eta = ((-0.0162 * plr - 0.0059 / plr + 0.9858) * etaNominal) / 0.9637;
  return Math.max(0, Math.min(dc * eta, acRated));
}

/** Fuentes 1987 transient module-temperature model with PVWatts' constants (5 m height, 0.5 m length). */
class FuentesCellTemp {
  private readonly cap: number;
  private readonly convRatio: number;
  private readonly groundRatio: number;
  private tPrev = 293.15;
  private sunPrev = 0;
  constructor(
    inoctK: number,
    private readonly dtHours: number,
  ) {
    const sigma = 5.669e-8;
    const [absorb, emis] = [0.83, 0.84];
    const hConvNoct = this.hConv(inoctK, 293.15, 1);
    const hGround = emis * sigma * (inoctK ** 2 + 293.15 ** 2) * (inoctK + 293.15);
    const backRatio =
      (absorb * 800 - emis * sigma * (inoctK ** 4 - 282.21 ** 4) - hConvNoct * (inoctK - 293.15)) /
      ((hGround + hConvNoct) * (inoctK - 293.15));
    const tGround = Math.min(inoctK, Math.max(293.15, (inoctK ** 4 - backRatio * (inoctK ** 4 - 293.15 ** 4)) ** 0.25));
    this.groundRatio = (tGround - 293.15) / (inoctK - 293.15);
    this.convRatio =
      (absorb * 800 - emis * sigma * (2 * inoctK ** 4 - 282.21 ** 4 - tGround ** 4)) / (hConvNoct * (inoctK - 293.15));
    this.cap = 11000 * (inoctK > 321.15 ? 1 + (inoctK - 321.15) / 12 : 1);
  }
  /** Free + forced convection coefficient (W/m²K) for a 0.5 m plate at module temp tMod, air temp tAir, wind v. */
  private hConv(tMod: number, tAir: number, v: number) {
    const tAve = (tMod + tAir) / 2;
    const density = (0.003484 * 101325) / tAve;
    const visc = (0.24237e-6 * tAve ** 0.76) / density;
    const cond = 2.1695e-4 * tAve ** 0.84;
    const re = (v * 0.5) / visc;
    const hForced =
      re > 1.2e5
        ? ((0.0282 / re ** 0.2) * density * v * 1007) / 0.71 ** 0.4
        : ((0.86 / re ** 0.5) * density * v * 1007) / 0.71 ** 0.67;
    const grashof = ((9.8 / tAve) * Math.abs(tMod - tAir) * 0.5 ** 3 * 0.5) / visc ** 2;
    const hFree = (0.21 * (grashof * 0.71) ** 0.32 * cond) / 0.5;
    return (hFree ** 3 + hForced ** 3) ** (1 / 3);
  }
  step(poa: number, windMs: number, tAmbC: number): number {
    const tAmb = tAmbC + 273.15;
    if (poa <= 0) {
      this.tPrev = tAmb;
      this.sunPrev = 0;
      return tAmbC;
    }
    const sigma = 5.669e-8;
    const emis = 0.84;
    const sun = poa * 0.83;
    const tSky = 0.68 * (0.0552 * tAmb ** 1.5) + 0.32 * tAmb;
    const wind = windMs * (5 / 9.144) ** 0.2 + 0.0001;
    let tMod = this.tPrev;
    for (let i = 0; i < 10; i++) {
      const hc = this.convRatio * this.hConv(tMod, tAmb, wind);
      const hSky = emis * sigma * (tMod ** 2 + tSky ** 2) * (tMod + tSky);
      const tGround = tAmb + this.groundRatio * (tMod - tAmb);
      const hGround = emis * sigma * (tMod ** 2 + tGround ** 2) * (tMod + tGround);
      const hTot = hc + hSky + hGround;
      const eigen = (-hTot / this.cap) * this.dtHours * 3600;
      const ex = eigen > -10 ? Math.exp(eigen) : 0;
      const forcing = hc * tAmb + hSky * tSky + hGround * tGround;
      tMod =
        this.tPrev * ex +
        ((1 - ex) * (forcing + this.sunPrev + (sun - this.sunPrev) / eigen) + sun - this.sunPrev) / hTot;
    }
    this.tPrev = tMod;
    this.sunPrev = sun;
    return tMod - 273.15;
  }
}

/** Fraction of isotropic sky diffuse left on a row when the row in front blocks the lower sky (2-D view factors). */
function skyDiffuseRowFactor(tilt: number, gcr: number, steps = 250) {
  let sum = 0;
  for (let i = 0; i < steps; i++) {
    const below = 1 - (i + 0.5) / steps; // slant distance to the row's top edge, fraction of the row's slant height
    const psi = Math.atan2(below * sind(tilt), 1 / gcr - below * cosd(tilt)) / RAD; // front row's top edge elevation
    sum += (1 + cosd(tilt + psi)) / (1 + cosd(tilt));
  }
  return sum / steps;
}

/** Annual AC energy, kWh per kW DC. */
export function annualYield(w: Weather, s: PvSystem): number {
  const mod = MODULES[s.moduleType];
  const kw = s.systemKw ?? 1;
  const acRated = 1000 / s.dcAcRatio; // per kW DC
  const cell = new FuentesCellTemp((s.arrayType === "roofMount" ? 49 : 45) + 273.15, w.stepHours);
  const openRack = s.arrayType === "openRack";
  const fSky = openRack ? skyDiffuseRowFactor(s.tilt, s.gcr) : 1;
  // PVWatts' layout: 300 W modules two-up in portrait, about sqrt(N) rows.
  const modWidth = Math.sqrt(0.3 / mod.eff / 1.7);
  const rowSlant = 2 * modWidth * 1.7;
  const nRows = Math.ceil(Math.sqrt(Math.max(1, Math.ceil((kw * 1000) / 300))));
  const modsAlongRow = Math.max(1, Math.floor(nRows / 2));
  const rowLength = modsAlongRow * modWidth;
  const longStrings = Math.floor(modsAlongRow / 7) > 1; // several horizontal strings per row: PVWatts ignores edge effects
  const pitch = rowSlant / s.gcr;
  let wh = 0;
  for (const r of w.records) {
    const { sun, up } = w.instantaneous
      ? (() => {
          const p = sunPosition(r.year, r.month, r.day, r.hour + r.minute / 60, w.lat, w.lon, w.tz, r.pres, r.tamb);
          return { sun: p, up: p.elevation > SUNRISE_ELEV };
        })()
      : sunForHour(w, r.year, r.month, r.day, r.hour, r.pres, r.tamb);
    if (!up) {
      cell.step(0, r.wspd, r.tamb);
      continue;
    }
    const cosAoi = cosd(sun.zenith) * cosd(s.tilt) + sind(sun.zenith) * sind(s.tilt) * cosd(sun.azimuth - s.azimuth);
    const aoi = Math.acos(Math.max(-1, Math.min(1, cosAoi))) / RAD;
    const albedo = r.albedo > 0 && r.albedo < 1 ? r.albedo : 0.2;
    let { beam, sky, ground } = poaIrradiance(r.dni, r.dhi, albedo, sun.zenith, cosAoi, s.tilt);
    if (openRack) {
      // Row-to-row self-shading (Appelbaum & Bany 1979 shadow geometry, Deline et al. 2013 diffuse reduction).
      const azEff = sun.azimuth - s.azimuth;
      if (sun.zenith < 90 && s.tilt !== 0 && Math.abs(azEff) < 90) {
        const tanAlt = Math.tan((90 - sun.zenith) * RAD);
        const py = rowSlant * (cosd(s.tilt) + (cosd(azEff) * sind(s.tilt)) / tanAlt);
        const px = (rowSlant * sind(s.tilt) * sind(azEff)) / tanAlt;
        const g = longStrings ? 0 : Math.min(rowLength, Math.max(0, (pitch * px) / py));
        const hs = Math.min(rowSlant, Math.max(0, rowSlant * (1 - pitch / py)));
        beam *= 1 - (hs * (rowLength - g)) / (rowSlant * rowLength);
      }
      sky *= fSky;
      if (sky + ground >= 0.1 && ground > 0) {
        const alt = 90 - sun.zenith;
        const rB = 1 / s.gcr; // row pitch over row slant height
        const f1 = albedo * sind(s.tilt / 2) ** 2;
        const y1 = Math.max(1e-5, rB - sind(180 - alt - s.tilt) / sind(alt));
        const vf = (y: number) => 0.5 * albedo * (1 + y - Math.sqrt(y * y - 2 * y * cosd(180 - s.tilt) + 1));
        const gbh = Math.max(r.dni, 0) * cosd(sun.zenith);
        const unshaded = f1 * (gbh + Math.max(r.dhi, 0));
        if (unshaded > 0) {
          const shaded = ((f1 + (nRows - 1) * vf(y1)) / nRows) * gbh + ((f1 + (nRows - 1) * vf(rB)) / nRows) * r.dhi;
          ground *= Math.min(1, shaded / unshaded);
        }
      }
    }
    const poa = beam + sky + ground;
    let fCover = 1;
    if (aoi > 0.5 && aoi < 89.5 && poa > 0) {
      const c = coverFactors(aoi, s.tilt, s.cover2021);
      fCover = Math.min(1, Math.max(0, beam * c.beam + sky * c.sky + ground * c.ground) / poa);
    }
    const tCell = cell.step(poa, Math.max(0, r.wspd), r.tamb);
    const effective = poa * fCover * airMassModifier(sun.zenith, w.elev);
    const dc = effective * (1 + mod.gamma * (tCell - 25)) * (1 - s.lossesPct / 100); // W per kW DC
    wh += inverterAc(dc, acRated, s.invEffPct / 100) * w.stepHours;
  }
  return wh / 1000;
}

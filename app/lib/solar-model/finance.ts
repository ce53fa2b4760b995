/** Cash-flow arithmetic: index 0 is the day of purchase, index y the end of year y. */

export function npv(ratePct: number, flows: readonly number[]): number {
  const r = ratePct / 100;
  let total = 0;
  let factor = 1;
  for (const flow of flows) {
    total += flow / factor;
    factor *= 1 + r;
  }
  return total;
}

/** IRR in percent by bisection; null with no outlay up front or no sign change in −99%..1000%. */
export function irrPct(flows: readonly number[]): number | null {
  const first = flows[0] ?? 0;
  if (first >= 0) return null;
  const newton = irrNewton(flows);
  if (newton !== null) return newton;
  let lo = -99;
  let hi = 1000;
  let fLo = npv(lo, flows);
  const fHi = npv(hi, flows);
  if (Number.isNaN(fLo) || Number.isNaN(fHi) || Math.sign(fLo) === Math.sign(fHi)) return null;
  for (let i = 0; i < 100 && hi - lo > 1e-7; i++) {
    const mid = (lo + hi) / 2;
    const fMid = npv(mid, flows);
    if (Math.sign(fMid) === Math.sign(fLo)) {
      lo = mid;
      fLo = fMid;
    } else {
      hi = mid;
    }
  }
  return (lo + hi) / 2;
}

/** Newton's method from 10% (far fewer steps than bisection); null if it does not settle. */
function irrNewton(flows: readonly number[]): number | null {
  let rate = 0.1;
  for (let i = 0; i < 30; i++) {
    let value = 0;
    let slope = 0;
    let factor = 1;
    for (let t = 0; t < flows.length; t++) {
      const flow = flows[t] ?? 0;
      value += flow / factor;
      slope -= (t * flow) / (factor * (1 + rate));
      factor *= 1 + rate;
    }
    if (slope === 0 || !Number.isFinite(slope)) return null;
    const next = rate - value / slope;
    if (!Number.isFinite(next) || next <= -0.99 || next > 10) return null;
    if (Math.abs(next - rate) < 1e-10) return next * 100;
    rate = next;
  }
  return null;
}

/** Interpolated within the crossing year (flows spread evenly); null if it never crosses. */
export function paybackYears(flows: readonly number[]): number | null {
  let cumulative = flows[0] ?? 0;
  if (cumulative >= 0) return 0;
  for (let year = 1; year < flows.length; year++) {
    const flow = flows[year] ?? 0;
    const next = cumulative + flow;
    if (next >= 0 && flow > 0) return year - 1 + -cumulative / flow;
    cumulative = next;
  }
  return null;
}

/** Level annual payment, annual compounding. */
export function loanPayment(principal: number, ratePct: number, termYears: number): number {
  if (principal <= 0 || termYears <= 0) return 0;
  const r = ratePct / 100;
  // A rate too small to change (1 + r) in floating point divides by zero: it is a 0% loan.
  if (1 + r === 1 || (1 + r) ** -termYears === 1) return principal / termYears;
  return (principal * r) / (1 - (1 + r) ** -termYears);
}

import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { zipInfo } from '../../server/places';
import { milesByState } from '../../server/modules/ifta/stateMiles';
import { computeReturn, divRound } from '../../server/modules/ifta/tax';
import { DIESEL_E3, LOADS, NC_RATE, RATES, STATES_CROSSED, workedReturn } from '../helpers/iftaQuarter';

/**
 * IFTA's miles and tax (docs/product/ifta.md#miles, #tax) on the synthetic quarter of tests/helpers/iftaQuarter.ts:
 * eleven states. The miles per state are measured again here another way — the routes walked in steps of 1/20 mile
 * along their great circles, each step's middle placed in a state by a ray-casting test of this file's own over the
 * same Census boundaries (no turf, no cutting at crossings) — and must agree within 0.5%. The tax is worked out again
 * in exact arithmetic (tests/helpers/iftaQuarter.ts workedReturn) from the return's own miles and gallons and the
 * rates, to the cent.
 */

const EARTH_RADIUS_MILES = 3958.8;
const toRad = (d: number) => (d * Math.PI) / 180;

/** Ray casting: whether [lon, lat] is inside a polygon's outer ring and outside its holes. */
function inRings(point: Position, rings: Position[][]): boolean {
  let inside = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi)
        inside = !inside;
    }
  return inside;
}

const topology = createRequire(import.meta.url)('us-atlas/states-10m.json') as Topology;
const FIPS: Record<string, string> = {
  '06': 'CA', '04': 'AZ', '35': 'NM', '48': 'TX', '40': 'OK', '05': 'AR', '47': 'TN', '13': 'GA', '12': 'FL',
  '45': 'SC', '37': 'NC', '01': 'AL', '28': 'MS', '22': 'LA', '29': 'MO', '21': 'KY', '20': 'KS', '08': 'CO',
  '32': 'NV', '49': 'UT', '51': 'VA', '55': 'WI', '26': 'MI', '17': 'IL',
}; // prettier-ignore
const shapes = (
  feature(topology, topology.objects.states) as unknown as { features: Feature<Polygon | MultiPolygon>[] }
).features
  .filter((f) => FIPS[String(f.id)])
  .map((f) => ({
    state: FIPS[String(f.id)],
    polygons: f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates,
  }));

function stateOf(point: Position, hint: string | null): string | null {
  const ordered = hint ? [...shapes.filter((s) => s.state === hint), ...shapes] : shapes;
  return ordered.find((s) => s.polygons.some((rings) => inRings(point, rings)))?.state ?? null;
}

/** Unit vectors and back, to walk a great circle. */
const vec = ({ lat, lon }: { lat: number; lon: number }) => [
  Math.cos(toRad(lat)) * Math.cos(toRad(lon)),
  Math.cos(toRad(lat)) * Math.sin(toRad(lon)),
  Math.sin(toRad(lat)),
];
const STEP = 0.05;

/** Miles per state of a route through `points`, walked in STEP-mile steps, each step given to its middle's state. */
function sampledMiles(points: { lat: number; lon: number }[]): Map<string | null, number> {
  const miles = new Map<string | null, number>();
  let hint: string | null = null;
  for (let k = 1; k < points.length; k++) {
    const [a, b] = [vec(points[k - 1]), vec(points[k])];
    const angle = Math.acos(Math.min(1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]));
    const length = angle * EARTH_RADIUS_MILES;
    const steps = Math.ceil(length / STEP);
    for (let s = 0; s < steps; s++) {
      const f = (s + 0.5) / steps;
      const [wa, wb] = [Math.sin((1 - f) * angle) / Math.sin(angle), Math.sin(f * angle) / Math.sin(angle)];
      const [x, y, z] = [0, 1, 2].map((i) => wa * a[i] + wb * b[i]);
      const point = [(Math.atan2(y, x) * 180) / Math.PI, (Math.atan2(z, Math.hypot(x, y)) * 180) / Math.PI];
      hint = stateOf(point, hint);
      miles.set(hint, (miles.get(hint) ?? 0) + length / steps);
    }
  }
  return miles;
}

const pointsOf = (zips: string[]) => zips.map((zip) => zipInfo(zip)!);
const routes = LOADS.map((load) => pointsOf([load.pickupZip, ...(load.trail ?? []), load.deliveryZip]));

function total(measure: (points: { lat: number; lon: number }[]) => Map<string | null, number>) {
  const sum = new Map<string | null, number>();
  for (const route of routes) for (const [state, m] of measure(route)) sum.set(state, (sum.get(state) ?? 0) + m);
  return sum;
}

describe('miles per state of a synthetic quarter', () => {
  const measured = total(milesByState);
  const independent = total(sampledMiles);

  it('crosses eleven states, every mile inside one of them', () => {
    expect([...measured.keys()].sort()).toEqual(STATES_CROSSED);
    expect([...independent.keys()].filter((s) => s !== null).sort()).toEqual(STATES_CROSSED);
    expect(measured.get(null) ?? 0).toBe(0);
    expect(independent.get(null) ?? 0).toBeLessThan(0.5);
  });

  it.each(STATES_CROSSED)('%s: within 0.5% of the miles walked step by step', (state) => {
    const [a, b] = [measured.get(state)!, independent.get(state)!];
    expect(b).toBeGreaterThan(20);
    expect(Math.abs(a - b) / b, `${state}: ${a.toFixed(2)} measured, ${b.toFixed(2)} walked`).toBeLessThan(0.005);
  });

  it('adds up to the loads’ straight-line route miles', () => {
    const sum = [...measured.values()].reduce((x, y) => x + y, 0);
    const legs = routes.flatMap((route) => route.slice(1).map((p, i) => [route[i], p] as const));
    const direct = legs.reduce((acc, [a, b]) => {
      const [u, v] = [vec(a), vec(b)];
      return acc + Math.acos(Math.min(1, u[0] * v[0] + u[1] * v[1] + u[2] * v[2])) * EARTH_RADIUS_MILES;
    }, 0);
    expect(Math.abs(sum - direct)).toBeLessThan(0.01);
  });

  it('puts a route that runs over Lake Michigan partly in no state, never in a neighbour', () => {
    // Milwaukee WI → Grand Rapids MI runs about 80 miles over the lake.
    const miles = milesByState(pointsOf(['53202', '49503']));
    expect(miles.get(null)).toBeGreaterThan(50);
    expect([...miles.keys()].filter((s) => s !== null).sort()).toEqual(['MI', 'WI']);
  });
});

describe('the tax of the synthetic quarter, to the cent', () => {
  const measured = total(milesByState);
  const allRates = { ...RATES, NC: NC_RATE };
  const rates = new Map(Object.entries(allRates).map(([s, r]) => [s, Number(r.replace('.', ''))]));
  const miles = new Map([...measured].filter(([s]) => s !== null) as [string, number][]);
  const figures = computeReturn({ miles, outsideMiles: 0, dieselE3: new Map(Object.entries(DIESEL_E3)), rates });

  it('works the return out again, exactly, from its own miles and gallons and the rates', () => {
    const whole = Object.fromEntries(figures.rows.map((r) => [r.state, r.miles]));
    for (const row of figures.rows) expect(row.miles).toBe(Math.round(measured.get(row.state)!));
    const worked = workedReturn(whole, DIESEL_E3, allRates);
    expect(figures).toMatchObject({ ...worked, rows: worked.rows.map((r) => expect.objectContaining(r)) });
    expect(figures.missingRates).toEqual([]);
    expect(figures.rows.map((r) => r.state)).toEqual(STATES_CROSSED);
  });

  it('flags a state without its rate and leaves its tax out, never guessed', () => {
    const withoutNc = new Map([...rates].filter(([s]) => s !== 'NC'));
    const flagged = computeReturn({
      miles,
      outsideMiles: 0,
      dieselE3: new Map(Object.entries(DIESEL_E3)),
      rates: withoutNc,
    });
    expect(flagged.missingRates).toEqual(['NC']);
    const nc = flagged.rows.find((r) => r.state === 'NC')!;
    expect(nc).toMatchObject({ rate: null, taxCents: null });
    expect(nc.miles).toBeGreaterThan(0);
    expect(flagged.totalTaxCents).toBe(figures.totalTaxCents - figures.rows.find((r) => r.state === 'NC')!.taxCents!);
  });

  it('a hand-worked return: 1,500 miles on 250 gallons is 6.00 MPG; a credit where more was bought than burned', () => {
    const worked = computeReturn({
      miles: new Map([
        ['TX', 1000.4],
        ['OK', 499.6],
      ]),
      outsideMiles: 0,
      dieselE3: new Map([
        ['TX', 200_000],
        ['OK', 50_000],
      ]),
      rates: new Map([
        ['TX', 2000],
        ['OK', 1900],
      ]),
    });
    expect(worked).toMatchObject({ totalMiles: 1500, totalGallons: 250, mpg: '6.00', totalTaxCents: -33 });
    // OK: 500 ÷ 6 = 83.3 → 83 taxable, 50 paid, 33 × $0.19 = $6.27; TX: 1000 ÷ 6 = 166.7 → 167, 200 paid, −33 × $0.20.
    expect(worked.rows).toEqual([
      expect.objectContaining({ state: 'OK', miles: 500, taxableGallons: 83, netTaxableGallons: 33, taxCents: 627 }),
      expect.objectContaining({
        state: 'TX',
        miles: 1000,
        taxableGallons: 167,
        netTaxableGallons: -33,
        taxCents: -660,
      }),
    ]);
  });

  it('rounds half a cent away from zero', () => {
    expect([divRound(5, 10), divRound(-5, 10), divRound(4, 10), divRound(-15, 10), divRound(14, 10)]).toEqual([
      1, -1, 0, -2, 1,
    ]);
  });
});

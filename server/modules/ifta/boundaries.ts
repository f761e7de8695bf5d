import { createRequire } from 'node:module';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import type { Topology } from 'topojson-specification';
import { feature } from 'topojson-client';

/**
 * The US states' boundaries, shipped as data (docs/product/ifta.md#boundaries): the us-atlas package's states-10m.json,
 * the Census Bureau's cartographic state boundaries (2017 edition) as TopoJSON in longitude and latitude, simplified
 * for a 1:10,000,000 map (a line is off by a fraction of a mile at most). Cartographic boundaries follow the shore,
 * so a straight line over a Great Lake or the Gulf lies in no state. Read from the package on first use, never fetched.
 */

/** [west, south, east, north] in degrees. */
export type Box = [number, number, number, number];

export interface StateShape {
  /** The two-letter USPS code. */
  state: string;
  geometry: Polygon | MultiPolygon;
  box: Box;
  /** The outline in runs of a few points, each with its box: a route is tried only against the runs near it. */
  runs: { box: Box; points: Position[] }[];
}

/** The Census FIPS code of each state, DC and the territories (the atlas keys its shapes by them). */
const FIPS_CODES =
  'AL01 AK02 AZ04 AR05 CA06 CO08 CT09 DE10 DC11 FL12 GA13 HI15 ID16 IL17 IN18 IA19 KS20 KY21 LA22 ME23 MD24 MA25 ' +
  'MI26 MN27 MS28 MO29 MT30 NE31 NV32 NH33 NJ34 NM35 NY36 NC37 ND38 OH39 OK40 OR41 PA42 RI44 SC45 SD46 TN47 TX48 ' +
  'UT49 VT50 VA51 WA53 WV54 WI55 WY56 AS60 GU66 MP69 PR72 VI78';
const STATE_OF_FIPS = new Map(FIPS_CODES.split(' ').map((pair) => [pair.slice(2), pair.slice(0, 2)]));
/** Points of an outline per run. */
const RUN = 24;

/** The box around points. */
export function boxOf(points: readonly Position[]): Box {
  const box: Box = [180, 90, -180, -90];
  for (const [lon, lat] of points) {
    box[0] = Math.min(box[0], lon);
    box[1] = Math.min(box[1], lat);
    box[2] = Math.max(box[2], lon);
    box[3] = Math.max(box[3], lat);
  }
  return box;
}

export const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

function shapeOf(state: string, geometry: Polygon | MultiPolygon): StateShape {
  const rings = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).flat();
  const runs: StateShape['runs'] = [];
  for (const ring of rings)
    for (let start = 0; start < ring.length - 1; start += RUN) {
      const points = ring.slice(start, start + RUN + 1);
      runs.push({ box: boxOf(points), points });
    }
  return { state, geometry, box: boxOf(rings.flat()), runs };
}

let shapes: StateShape[] | null = null;

/** Every state's shape (the 50 states, DC and the five inhabited territories). */
export function stateShapes(): readonly StateShape[] {
  if (shapes) return shapes;
  const topology = createRequire(import.meta.url)('us-atlas/states-10m.json') as Topology;
  const collection = feature(topology, topology.objects.states) as unknown as {
    features: Feature<Polygon | MultiPolygon>[];
  };
  shapes = collection.features.map((f) => {
    const state = STATE_OF_FIPS.get(String(f.id));
    if (!state) throw new Error(`The state boundaries name an unknown FIPS code ${String(f.id)}`);
    return shapeOf(state, f.geometry);
  });
  return shapes;
}

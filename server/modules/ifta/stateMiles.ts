import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { lineString } from '@turf/helpers';
import lineIntersect from '@turf/line-intersect';
import nearestPointOnLine from '@turf/nearest-point-on-line';
import { EARTH_RADIUS_MILES, milesBetween } from '../../places';
import { type StateShape, boxOf, overlaps, stateShapes } from './boundaries';

/**
 * A route's miles in each state (docs/product/ifta.md#miles): the route runs along great circles between its points
 * (the stops' ZIP centroids, and where the driver's phone shared them, the places it reported between), the same
 * line book_orders.route_miles measures (server/modules/bookOrders/routeMiles.ts). The line is cut where it crosses
 * a state line (turf's lineIntersect against each state it may touch), each piece measured on the sphere and given
 * to the state its middle lies in; a piece in no state (over a lake, the sea, Canada or Mexico) is counted apart,
 * under null, never given to a neighbour.
 */
export interface Place {
  lat: number;
  lon: number;
}

/** The great circles are followed in steps this long: a chord in degrees strays from its arc by yards at most. */
const STEP_MILES = 5;
/** Two cuts closer than this (in radians, an inch or so) are one: the same crossing found from both its states. */
const SAME_CUT = 1e-9;

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (rad: number) => (rad * 180) / Math.PI;

/** The central angle between two places, in radians. */
const angleBetween = (a: Place, b: Place) => milesBetween(a, b) / EARTH_RADIUS_MILES;

/** The place a fraction `f` of the way along the great circle from a to b (spherical interpolation). */
function along(a: Place, b: Place, angle: number, f: number): Place {
  if (angle === 0) return a;
  const [sa, sb] = [Math.sin((1 - f) * angle) / Math.sin(angle), Math.sin(f * angle) / Math.sin(angle)];
  const [la, lb, oa, ob] = [radians(a.lat), radians(b.lat), radians(a.lon), radians(b.lon)];
  const x = sa * Math.cos(la) * Math.cos(oa) + sb * Math.cos(lb) * Math.cos(ob);
  const y = sa * Math.cos(la) * Math.sin(oa) + sb * Math.cos(lb) * Math.sin(ob);
  const z = sa * Math.sin(la) + sb * Math.sin(lb);
  return { lat: degrees(Math.atan2(z, Math.hypot(x, y))), lon: degrees(Math.atan2(y, x)) };
}

/** The route as [lon, lat] points no more than STEP_MILES apart along its great circles. */
function densify(points: readonly Place[]): [number, number][] {
  const out: [number, number][] = [[points[0].lon, points[0].lat]];
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    const angle = angleBetween(a, b);
    const steps = Math.max(1, Math.ceil((angle * EARTH_RADIUS_MILES) / STEP_MILES));
    for (let s = 1; s <= steps; s++) {
      const p = s === steps ? b : along(a, b, angle, s / steps);
      out.push([p.lon, p.lat]);
    }
  }
  return out;
}

/** Steps of the route tried against the states' outlines at a time. */
const CHUNK = 16;

function stateAt(candidates: readonly StateShape[], point: [number, number]): string | null {
  for (const shape of candidates) {
    const [w, s, e, n] = shape.box;
    if (point[0] < w || point[0] > e || point[1] < s || point[1] > n) continue;
    if (booleanPointInPolygon(point, shape.geometry)) return shape.state;
  }
  return null;
}

/** Miles by state (null: in no state) of a route through `points`, in order; an empty map for fewer than two. */
export function milesByState(points: readonly Place[]): Map<string | null, number> {
  const result = new Map<string | null, number>();
  const distinct = points.filter((p, i) => i === 0 || p.lat !== points[i - 1].lat || p.lon !== points[i - 1].lon);
  if (distinct.length < 2) return result;
  const coords = densify(distinct);
  // The running central angle at each point, to find the place at a distance along the route.
  const at = [0];
  for (let i = 1; i < coords.length; i++)
    at.push(
      at[i - 1] +
        angleBetween({ lon: coords[i - 1][0], lat: coords[i - 1][1] }, { lon: coords[i][0], lat: coords[i][1] }),
    );
  const total = at[at.length - 1];
  // In chunks of a few steps: each is tried against only the states its own box meets, and a crossing found on it
  // is placed along it (and so along the route) without walking the whole line.
  const cuts = [0, total];
  const touched = new Set<StateShape>();
  for (let start = 0; start < coords.length - 1; start += CHUNK) {
    const part = coords.slice(start, Math.min(coords.length, start + CHUNK + 1));
    const box = boxOf(part);
    const line = lineString(part);
    for (const shape of stateShapes()) {
      if (!overlaps(shape.box, box)) continue;
      touched.add(shape);
      for (const run of shape.runs) {
        if (!overlaps(run.box, box)) continue;
        for (const crossing of lineIntersect(line, lineString(run.points)).features)
          cuts.push(at[start] + nearestPointOnLine(line, crossing, { units: 'radians' }).properties.totalDistance);
      }
    }
  }
  const candidates = [...touched];
  cuts.sort((a, b) => a - b);
  const pointAt = (distance: number): [number, number] => {
    let i = at.findIndex((d) => d >= distance);
    if (i <= 0) i = 1;
    const f = at[i] === at[i - 1] ? 0 : (distance - at[i - 1]) / (at[i] - at[i - 1]);
    const [a, b] = [coords[i - 1], coords[i]];
    return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
  };
  for (let i = 1; i < cuts.length; i++) {
    const [from, to] = [cuts[i - 1], Math.min(cuts[i], total)];
    if (to - from < SAME_CUT) continue;
    const state = stateAt(candidates, pointAt((from + to) / 2));
    result.set(state, (result.get(state) ?? 0) + (to - from) * EARTH_RADIUS_MILES);
  }
  return result;
}

import { claims } from '../../schema/resources/claims';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/**
 * The claims tracker (issue 17; SPEC.md §2 /app/reports/claims-tracker, /create, /create/{id}): the list with its two
 * charts, where choosing a claim opens its panel (steps, money, comments, timeline, documents); the claim's form at
 * /create (a new claim from a typed order number) and /create/{id} (a claim's fields, its work beside them).
 */
export default recordScreens(claims, {
  list: lazyScreen(() => import('./ClaimList')),
  // react-admin routes create/* here, so /create/{id} arrives too: ClaimForm tells them apart.
  create: lazyScreen(() => import('./ClaimForm')),
  edit: lazyScreen(() => import('./ClaimForm').then((m) => ({ default: m.ClaimEditById }))),
});

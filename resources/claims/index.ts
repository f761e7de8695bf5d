import { claims } from '../../schema/resources/claims';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/**
 * The claims tracker (docs/product/claims.md; /app/reports/claims-tracker, /create, /{id}/edit): the list with its
 * two charts, where choosing a claim opens its panel (steps, money, comments, timeline, documents); the claim's form at
 * /create (a new claim from a typed order number) and /{id}/edit (a claim's fields, its work beside them; the older
 * /create/{id} opens the same).
 */
export default recordScreens(claims, {
  list: lazyScreen(() => import('./ClaimList')),
  // react-admin routes create/* here, so /create/{id} arrives too: ClaimForm tells them apart.
  create: lazyScreen(() => import('./ClaimForm')),
  edit: lazyScreen(() => import('./ClaimForm').then((m) => ({ default: m.ClaimEditById }))),
});

import { pascalWords } from '../define/naming';
import type { AnyResource } from '../define/resource';
import type { FeatureDefinition } from '../features';
import { FEATURES } from '../features';
import { DISPATCH_BOARD_NAV } from '../dispatchBoard';
import { SCHEDULES_NAV } from '../factoring';
import { brokerFees } from './brokerFees';
import { brokers } from './brokers';
import { carriers } from './carriers';
import { citations } from './citations';
import { claims } from './claims';
import { dispatcherPayRules } from './dispatcherPayRules';
import { driverEvents } from './driverEvents';
import { drivers } from './drivers';
import { evaluations } from './evaluations';
import { factoringCompanies } from './factoringCompanies';
import { fuelCards } from './fuelCards';
import { inspections } from './inspections';
import { payBills } from './payBills';
import { products } from './products';
import { shippers } from './shippers';
import { tickets } from './tickets';
import { transactions } from './transactions';
import { users } from './users';
import { vehicles } from './vehicles';

/**
 * The record resources: adding one is a definition in this folder and one line here. The server serves each
 * (server/modules/records), its table type is derived (server/db/types.ts), and the web app shows it
 * (resources/, ui/records) — see resources/README.md.
 */
export const RECORD_RESOURCES = [
  users,
  shippers,
  brokers,
  carriers,
  drivers,
  vehicles,
  fuelCards,
  transactions,
  payBills,
  brokerFees,
  tickets,
  citations,
  inspections,
  claims,
  driverEvents,
  dispatcherPayRules,
  evaluations,
  products,
  factoringCompanies,
] as const;

export type RecordResource = (typeof RECORD_RESOURCES)[number];
export type RecordTableName = RecordResource['table'];

/**
 * Sidebar entries of resources whose route is not their feature's own screen: each is a feature with no permissions
 * of its own, under the feature that governs it (features.parent_feature_id), shown to whoever may read that one.
 * Its key is the plural in words with capitals ('Fuel purchases' → 'FuelPurchases'): it is stored in the features
 * table (and users' sidebar layouts point at that row), so a plural once released is not changed lightly.
 */
export function navFeaturesOf(defs: readonly AnyResource[]): (FeatureDefinition & { parent: string })[] {
  return defs
    .flatMap((def): (FeatureDefinition & { parent: string })[] => {
      if (!def.nav) return [];
      const parent = FEATURES.find((feature) => feature.key === def.readFeatures[0])!;
      const key = pascalWords(def.plural);
      const clash = FEATURES.find((feature) => feature.key === key || feature.uri === def.route);
      if (clash) {
        throw new Error(
          clash.uri === def.route
            ? `${def.name}: its route is the screen of the feature ${clash.key}, whose own sidebar entry it has: remove nav from its definition`
            : `${def.name}: its sidebar entry's key "${key}" (from its plural) is already the feature ${clash.key}'s: a resource with a feature of its own needs no nav`,
        );
      }
      return [
        {
          key,
          title: def.plural,
          uri: def.route,
          icon: def.nav.icon,
          section: def.nav.section ?? parent.section,
          roles: {},
          parent: parent.key,
        },
      ];
    })
    .concat(SCREEN_NAV_FEATURES);
}
/** Sidebar entries of screens that are not record resources, each under the feature that governs it. */
const SCREEN_NAV_FEATURES: (FeatureDefinition & { parent: string })[] = [DISPATCH_BOARD_NAV, SCHEDULES_NAV];
export const NAV_FEATURES = navFeaturesOf(RECORD_RESOURCES);

/**
 * Every list of the app by its react-admin name (its route without /app/): the features' screens, the resources'
 * sidebar entries and every record resource (drivers and fuel cards too). Saved filters belong to one of these.
 */
export const LIST_NAMES: readonly string[] = [
  ...new Set(
    [...FEATURES.map((f) => f.uri), ...NAV_FEATURES.map((f) => f.uri), ...RECORD_RESOURCES.map((def) => def.route)].map(
      (uri) => uri.replace(/^\/app\//, ''),
    ),
  ),
];

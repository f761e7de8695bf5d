import { registerRecordResource } from '../../src/common/records/recordResource';

const CARD_ASSIGNMENT = '/app/management/vehicle-and-card-assignment';

/**
 * Fuel cards on /api/FuelCards. No screen of SPEC.md §2 of their own: written with vehicle-and-card assignment,
 * read with it or with Vehicles (server/modules/fuelCards).
 */
export const fuelCardsResource = registerRecordResource({
  name: 'management/fuel-cards',
  api: '/api/FuelCards',
  features: { read: [CARD_ASSIGNMENT, '/app/management/vehicles'], write: [CARD_ASSIGNMENT] },
});

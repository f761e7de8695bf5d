import { boolean, choice, date, integer, money, reference, text } from '../../schema/define/fields';
import { defineResource } from '../../schema/define/resource';

/**
 * A throw-away resource for the tests of "declare a resource once" (tests/server/declaredResource.test.ts,
 * tests/unit/declaredScreens.test.tsx): the yard spots a fleet rents for its trucks and trailers. It exists only
 * here — a definition alone, with no server code, no screen code and no catalogue entry of its own.
 */
export const yardSpots = defineResource({
  route: '/app/management/yard-spots',
  api: '/api/YardSpots',
  table: 'yard_spots',
  entity: 'yard_spot',
  singular: 'Yard spot',
  plural: 'Yard spots',
  access: 'Vehicles',
  nav: { icon: 'RvHookup' },
  sections: { spot: 'Spot', lease: 'Lease' },
  fields: {
    code: text({
      label: 'Spot code',
      required: true,
      max: 12,
      case: 'upper',
      sort: true,
      search: true,
      pattern: [/^[A-Z0-9-]+$/, 'A spot code is letters, digits and dashes'],
      unique: { caseInsensitive: true },
    }),
    yard: text({ label: 'Yard', required: true, max: 60, sort: true, search: true, filter: true }),
    stateId: reference('states', { label: 'State', required: true, filter: true }),
    kind: choice(['TRUCK', 'TRAILER', 'CAR'], {
      label: 'For',
      labels: { TRUCK: 'Truck', TRAILER: 'Trailer', CAR: 'Car' },
      colours: { TRUCK: 'info' },
      default: 'TRUCK',
      sort: true,
      filter: true,
    }),
    slots: integer({ label: 'Slots', min: 1, max: 20, default: 1 }),
    covered: boolean({ label: 'Covered', default: false, filter: true }),
    monthlyRent: money({ label: 'Monthly rent', required: true, max: 50_000, sort: true, section: 'lease' }),
    leaseEndsOn: date({ label: 'Lease ends', expires: 'Lease', sort: true, section: 'lease' }),
    notes: text({ label: 'Notes', max: 500, multiline: true, list: false, section: 'lease' }),
  },
  defaultSort: 'code',
  recordTitle: 'code',
});

import type { GetListParams } from 'ra-core';
import { FLEET_TABS, type FleetTab } from '../../schema/fleetOwner';
import { type RecordResource, registerRecordResource } from '../../ui/records/definitions';

const SCREEN = '/app/my-fleet';

/** The fleet owner's screen (/app/my-fleet, feature MyFleet): the linked carrier, GET /api/FleetOwner/carrier. */
export const myFleetResource = registerRecordResource({
  name: 'my-fleet',
  api: '/api/FleetOwner/carrier',
  endpoints: { list: '/api/FleetOwner/carrier', export: undefined, restore: undefined, create: undefined },
});

/** The lists take a page and the search box, and keep their own order (server/modules/fleetOwner/lists.ts). */
const listQuery = ({ pagination, filter }: GetListParams) => ({
  Page: (pagination?.page ?? 1) - 1,
  Size: pagination?.perPage ?? 25,
  ...(filter?.search ? { search: String(filter.search) } : {}),
});

/** One read-only list per tab (my-fleet/units …), governed by the screen's feature. */
export const FLEET_LIST_RESOURCES = Object.fromEntries(
  FLEET_TABS.map((tab) => [
    tab,
    registerRecordResource({
      name: `my-fleet/${tab}`,
      api: `/api/FleetOwner/${tab}`,
      features: { read: [SCREEN], write: [] },
      endpoints: { listQuery, export: undefined, restore: undefined, create: undefined },
    }),
  ]),
) as Record<FleetTab, RecordResource>;

import type { ResourceProps } from 'react-admin';
import { bookOrders } from './bookOrders';
import { brokers } from './brokers';
import { carriers } from './carriers';
import { driverAssignments } from './driverAssignments';
import { drivers } from './drivers';
import { fuelCards } from './fuelCards';
import { shippers } from './shippers';
import { users } from './users';
import { vehicleAndCardAssignments } from './vehicleAndCardAssignments';
import { vehicles } from './vehicles';

/** The resource registry: adding a screen is one folder here and one line below. */
export const RESOURCES: ResourceProps[] = [
  bookOrders, users, shippers, brokers, carriers, drivers, vehicles, fuelCards, driverAssignments, vehicleAndCardAssignments,
];

/** The app paths resources own; their routes replace the placeholders. */
export const RESOURCE_PATHS = RESOURCES.map((resource) => `/app/${resource.name}`);

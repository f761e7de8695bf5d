import assignmentRoutes from '../assignments/routes';
import brokerRoutes from '../brokers/routes';
import carrierRoutes from '../carriers/routes';
import driverRoutes from '../drivers/routes';
import fuelCardRoutes from '../fuelCards/routes';
import shipperRoutes from '../shippers/routes';
import unitRoutes from '../units/routes';

/** The master-data areas of people and fleet (users and the dropdowns are their own modules). */
export const PEOPLE_AND_FLEET_MODULES = [shipperRoutes, brokerRoutes, carrierRoutes, driverRoutes, unitRoutes, fuelCardRoutes, assignmentRoutes];

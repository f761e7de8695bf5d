import type { ResourceProps } from 'react-admin';
import { bookOrders } from './bookOrders';

/** The resource registry: adding a screen is one folder here and one line below. */
export const RESOURCES: ResourceProps[] = [bookOrders];

/** The app paths resources own; their routes replace the placeholders. */
export const RESOURCE_PATHS = RESOURCES.map((resource) => `/app/${resource.name}`);

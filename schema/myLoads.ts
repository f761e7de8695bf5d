import type { OrderStatus } from './bookOrders';
import type { InspectionType } from './inspectionTypes';

/**
 * A driver's own loads (GET /api/MyLoads, GET /api/MyLoads/{id}; docs/routing.md#screen-my-loads): what the driver
 * needs on the road and nothing of the company's money (no price, broker fee or pay), only what to collect.
 */
export interface MyLoadStop {
  venue: string | null;
  address: string | null;
  city: string;
  state: string | null;
  zip: string | null;
  contactName: string | null;
  contactPhone: string | null;
  dateType: string;
  date: string;
  dateTo: string | null;
}

export interface MyLoadVehicle {
  id: number;
  vin: string;
  year: number;
  make: string;
  model: string;
  type: string;
  color: string | null;
  inoperable: boolean;
  lotNumber: string | null;
  stockNumber: string | null;
}

/** What the driver collects: cash on delivery or pickup, the method, the broker's terms. */
export interface MyLoadCollect {
  codAmount: number;
  paymentMethod: string;
  payOnPickup: boolean;
  payOnDelivery: boolean;
  paymentTermsDays: number;
}

export interface MyLoad extends MyLoadCollect {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  trailerType: string;
  shipperName: string | null;
  brokerName: string | null;
  dispatcherName: string | null;
  truckNumber: string | null;
  trailerNumber: string | null;
  pickup: MyLoadStop;
  delivery: MyLoadStop;
  vehicles: MyLoadVehicle[];
  notes: string | null;
  /** The inspection this load asks for at pickup and delivery (the shipper's, broker's or company's choice). */
  inspectionType: InspectionType;
}

/** The statuses of a load still ahead of the driver: the list shows these whatever their dates. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['NEW', 'ASSIGNED', 'PICKED_UP', 'ON_HOLD'];

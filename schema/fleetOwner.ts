import { z } from 'zod';
import type { OrderStatus } from './bookOrders';
import { pagingQuery } from './common';
import type { BillStatus } from './resources/payBills';

/**
 * What a Fleet owner reads on /app/my-fleet (docs/product/accounts.md#fleet-owners): the carrier their account is
 * linked to, and its units, drivers, loads and settlements, read-only. GET /api/FleetOwner/{tab} answers a page.
 */
export const FLEET_TABS = ['units', 'drivers', 'loads', 'settlements'] as const;
export type FleetTab = (typeof FLEET_TABS)[number];

const { page, size, search } = pagingQuery(25, 100);
/** Each list: a page (0-based) and the search box; the order is the list's own (newest loads and weeks first). */
export const fleetListQuery = z.object({ page, size, search }).strict();
export type FleetListQuery = z.output<typeof fleetListQuery>;

/** The linked carrier, or null while an administrator has not linked the account. */
export interface FleetCarrierDto {
  id: number;
  name: string;
  code: string;
  mcNumber: string | null;
  usdotNumber: string | null;
}

export type FleetUnitDto = {
  id: number;
  unitType: 'Truck' | 'Trailer';
  unitNumber: string;
  year: number;
  make: string;
  model: string;
  plate: string | null;
  status: string;
  registrationExpiresOn: string | null;
  annualInspectionDueOn: string | null;
};

export type FleetDriverDto = {
  id: number;
  name: string;
  driverType: 'COMPANY' | 'OWNER_OPERATOR';
  phone: string | null;
  phoneCountry: string;
  status: 'ACTIVE' | 'TERMINATED';
  cdlExpiresOn: string | null;
  medicalCardExpiresOn: string | null;
};

/** A load of one of the carrier's drivers: where, when and with what; its money is in the settlements. */
export type FleetLoadDto = {
  id: number;
  orderNumber: string;
  pickupDate: string;
  deliveryDate: string;
  from: string;
  to: string;
  driverName: string;
  truck: string | null;
  vehicleCount: number;
  status: OrderStatus;
};

/** A driver's weekly pay bill (schema/resources/payBills.ts), in dollars. */
export type FleetSettlementDto = {
  id: number;
  weekStart: string;
  driverName: string;
  status: BillStatus;
  credits: number;
  debits: number;
  net: number;
  paid: number;
  closing: number;
};

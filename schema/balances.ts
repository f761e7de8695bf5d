import { z } from 'zod';
import { businessDate, idText } from './common';
import { PERIODS } from './period';
import { listQuery } from './records';

/**
 * GET /api/Driver/get-balances-state (docs/product/finances.md#balances): per driver, for the period, the opening
 * balance, credits, debits and ending balance; searched on the driver's full name; active, inactive or all drivers. A
 * balance is what the company owes the driver (credits less debits); below zero, what the driver owes.
 */
export const BALANCE_STATUSES = ['active', 'inactive', 'all'] as const;
export const BALANCE_SORTS = ['name', 'opening', 'credits', 'debits', 'ending', 'escrow'] as const;

export const balancesQuery = listQuery(BALANCE_SORTS, {
  status: z.enum(BALANCE_STATUSES).default('active'),
  filtered: z.enum(PERIODS).default('this_month'),
  from: businessDate.optional(),
  to: businessDate.optional(),
  driverId: idText.optional(),
});
export type BalancesQuery = z.output<typeof balancesQuery>;

export interface DriverBalanceDto {
  /** The driver's id (lists key their rows by id). */
  id: number;
  driverId: number;
  driverName: string;
  /** Active: not terminated today. */
  active: boolean;
  opening: number;
  credits: number;
  debits: number;
  ending: number;
  /** Escrow the company holds for the driver today (deposits less releases). */
  escrow: number;
}

/** Over every driver the filter finds, today: what the company owes drivers, what drivers owe it, escrow held. */
export interface BalanceTotals {
  owedToDrivers: number;
  owedByDrivers: number;
  escrow: number;
}
